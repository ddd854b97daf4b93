import type { ReactNode } from 'react';
import { Box, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { Menu } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useDialogButton } from '@portal/ui';
import { useT } from '../../messages';
import type { HeaderLink } from './header-links';

/**
 * The header's links on a narrow screen (docs/product/dashboards.md#page-shell): a 'Menu' button opening a drawer
 * with the welcome line, the links and Sign Out. The drawer keeps the focus inside while open and gives it back
 * to the button when it closes; following a link closes it.
 */
export function HeaderMenu({ welcome, links, language, onSignOut }: {
  welcome: string | null; links: readonly HeaderLink[]; language?: ReactNode; onSignOut?(): void;
}) {
  const t = useT();
  const drawer = useDialogButton();
  const { close } = drawer;
  return (
    <>
      <Button {...drawer.buttonProps} size="sm" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.300' }}>
        <Menu aria-hidden="true" />
        {t('header.menu')}
      </Button>
      {drawer.mounted ? (
        <Drawer.Root {...drawer.rootProps} placement="end" lazyMount unmountOnExit>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content w="280px" maxW="85vw">
                <Drawer.Header>
                  <Drawer.Title>{t('header.menu')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  {welcome ? <Text mb="3" color="fg.muted">{welcome}</Text> : null}
                  <Stack as="nav" aria-label={t('header.main')} gap="1">
                    {links.map((link) => (
                      <Button key={link.to} asChild variant="ghost" justifyContent="flex-start">
                        <RouterLink to={link.to} onClick={close}>{t(link.label)}</RouterLink>
                      </Button>
                    ))}
                    <Button
                      variant="outline"
                      mt="2"
                      onClick={() => {
                        close();
                        onSignOut?.();
                      }}
                    >
                      {t('header.signOut')}
                    </Button>
                  </Stack>
                  {language ? <Box mt="4">{language}</Box> : null}
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : null}
    </>
  );
}
