import { useState } from 'react';
import { Alert, Box, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';

const FILE_NAME = 'portal-recovery-codes.txt';

/**
 * New recovery codes, shown this once (docs/product/accounts-and-roles.md#account-security): each
 * signs in once when the app or passkey is not at hand. Copy, Download, then "I have saved these
 * codes" hides them for good.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied.');
    } catch {
      setCopied('This browser did not allow copying: select the codes and copy them, or download them.');
    }
  }

  return (
    <Stack gap="3" borderWidth="1px" borderColor="orange.300" rounded="md" p="4" aria-label="Your recovery codes" role="region">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>
          Save these recovery codes now. Each one signs you in once if you lose your app or passkey; they will not be shown again.
        </Alert.Title>
      </Alert.Root>
      <Box as="div" fontFamily="mono" fontSize="md">
        <List.Root as="ol" listStyle="none" display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }} gap="2">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List.Root>
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={FILE_NAME}>
            Download
          </Link>
        </Button>
        <Button size="sm" colorPalette="blue" onClick={onDone}>
          I have saved these codes
        </Button>
      </HStack>
      {copied ? <Text role="status" fontSize="sm">{copied}</Text> : null}
    </Stack>
  );
}
