/** The rain illustration of the server-error page: a cloud with falling drops (decorative). */
export function RainIllustration({ size = 180 }: { size?: number }) {
  const drops = [
    [62, 118],
    [86, 128],
    [110, 116],
    [134, 126],
    [74, 150],
    [98, 158],
    [122, 148],
  ] as const;
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="palabre-cloud" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-gray-3)" />
          <stop offset="1" stopColor="var(--mantine-color-gray-5)" />
        </linearGradient>
      </defs>
      <path d="M52 100c-16 0-28-11-28-25s12-25 28-25c3-18 19-30 38-30 17 0 31 10 36 25 3-1 7-2 11-2 17 0 30 13 30 29s-13 28-30 28z" fill="url(#palabre-cloud)" />
      {drops.map(([x, y]) => (
        <path key={`${x}-${y}`} d={`M${x} ${y}l-6 14`} stroke="var(--mantine-primary-color-5)" strokeWidth="5" strokeLinecap="round">
          <animateTransform attributeName="transform" type="translate" values="0 -6; -2 6; 0 -6" dur="1.6s" begin={`${(x % 5) * 0.2}s`} repeatCount="indefinite" />
        </path>
      ))}
    </svg>
  );
}
