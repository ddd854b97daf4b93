import { useState } from 'react';
import { Alert, Box, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../messages';

const FILE_NAME = 'portal-recovery-codes.txt';

/**
 * New recovery codes, shown this once (docs/product/accounts-and-roles.md#account-security): each
 * signs in once when the app or passkey is not at hand. Copy, Download, then "I have saved these
 * codes" hides them for good.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useT();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Stack gap="3" borderWidth="1px" borderColor="orange.300" rounded="md" p="4" aria-label={t('recovery.panelLabel')} role="region">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>
          {t('recovery.saveNow')}
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
          {t('recovery.copy')}
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={FILE_NAME}>
            {t('recovery.download')}
          </Link>
        </Button>
        <Button size="sm" colorPalette="blue" onClick={onDone}>
          {t('recovery.saved')}
        </Button>
      </HStack>
      {copied ? <Text role="status" fontSize="sm">{copied === 'copied' ? t('common.copied') : t('recovery.copyFailed')}</Text> : null}
    </Stack>
  );
}
