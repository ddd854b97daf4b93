import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useT } from '../../../messages';

const SIZE = 200;

/** The bytes of a base64 data: URL (the server's QR code, a PNG). */
function dataUrlBlob(dataUrl: string): Blob | null {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl);
  if (!match) return null;
  const bytes = Uint8Array.from(atob(match[2] ?? ''), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: match[1] });
}

/**
 * The QR code the server drew, painted on a canvas: the page's Content Security Policy admits
 * images from the portal only (no data: URLs), and decoding the bytes here fetches nothing
 * (docs/product/accounts-and-roles.md#account-security). The secret is shown in text beside it.
 */
export function QrCodeImage({ dataUrl, label }: { dataUrl: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const t = useT();

  useEffect(() => {
    let active = true;
    const blob = dataUrlBlob(dataUrl);
    const context = canvas.current?.getContext?.('2d') ?? null;
    if (!blob || !context || typeof createImageBitmap !== 'function') {
      setFailed(true);
      return undefined;
    }
    createImageBitmap(blob).then(
      (bitmap) => {
        if (!active) return;
        context.imageSmoothingEnabled = false;
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, SIZE, SIZE);
        context.drawImage(bitmap, 0, 0, SIZE, SIZE);
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [dataUrl]);

  return (
    <Box bg="white" p="2" borderWidth="1px" rounded="md">
      <canvas ref={canvas} width={SIZE} height={SIZE} role="img" aria-label={label} />
      {failed ? <Text fontSize="sm" color="fg.muted" maxW={`${SIZE}px`}>{t('totp.qrFailed')}</Text> : null}
    </Box>
  );
}
