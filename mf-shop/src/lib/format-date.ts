const parts = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The portal's date format (SPEC §2): 'MMM dd, yyyy HH:mm', in the viewer's time zone. */
export function formatDateTime(value: string | Date): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(value)).map((x) => [x.type, x.value]));
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}`;
}
