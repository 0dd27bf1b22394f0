import { useEffect, useState } from 'react';
import { Spinner } from '../../components/spinner';

/** Light modules around the code, as the QR standard asks (4 modules). */
const QUIET_ZONE = 4;

/**
 * A QR code drawn here as SVG (docs/api.md §13: no outside service): the `qrcode` package
 * encodes, React draws one path of its dark modules. Black on white in both themes, which every
 * camera reads; loaded with the set-up only.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawing, setDrawing] = useState<{ size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      let d = '';
      for (let row = 0; row < modules.size; row += 1)
        for (let col = 0; col < modules.size; col += 1)
          if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      if (live) setDrawing({ size: modules.size + 2 * QUIET_ZONE, d });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawing) return <Spinner label="Drawing the QR code" />;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width="200"
      height="200"
      shapeRendering="crispEdges"
    >
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.d} fill="#000" />
    </svg>
  );
}
