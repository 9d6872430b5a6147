/**
 * Money arrives as a decimal string ("12.5" or "12.50"); it is formatted without ever doing
 * float arithmetic on it. Unknown or malformed values read "0.00" (SPEC §2 top bar).
 */
export function formatMoney(value: string | null | undefined): string {
  if (!value) return "0.00";
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return "0.00";
  const [, sign, int, frac = ""] = m;
  return `${sign}${int}.${frac.padEnd(2, "0").slice(0, 2)}`;
}

/** SPEC §9: ids are shown shortened to 8 characters (16 on the service page). */
export function shortId(id: string, length = 8): string {
  return id.slice(0, length);
}

/**
 * A service's CPU, RAM and storage as shown to people. SPEC §5: VPS sizes are entered as plain
 * numbers (cores, GB); dedicated ones, and anything already carrying its unit, are free text.
 */
export function serviceSpecs(s: {
  service_type: "vps" | "dedicated";
  cpu: string;
  ram: string;
  storage: string;
}): { cpu: string; ram: string; storage: string } {
  const plain = (v: string) => s.service_type === "vps" && /^\d+$/.test(v.trim());
  return {
    cpu: plain(s.cpu) ? `${s.cpu.trim()} ${s.cpu.trim() === "1" ? "core" : "cores"}` : s.cpu,
    ram: plain(s.ram) ? `${s.ram.trim()} GB` : s.ram,
    storage: plain(s.storage) ? `${s.storage.trim()} GB` : s.storage,
  };
}
