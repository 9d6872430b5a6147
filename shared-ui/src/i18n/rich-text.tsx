import { Fragment, type ReactNode } from "react";

/**
 * A translated message with numbered tags (`Order <0>{product}</0> for <1>{price}</1>?`) as React
 * nodes: each `<n>…</n>` wraps its text in `tags[n]`. The tags keep the markup out of the
 * translators' way while letting each language put the bold words where its grammar wants them.
 */
export function richText(text: string, tags: ((children: ReactNode) => ReactNode)[]): ReactNode {
  const out: ReactNode[] = [];
  const pattern = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const wrap = tags[Number(m[1])];
    out.push(<Fragment key={m.index}>{wrap ? wrap(m[2]) : m[2]}</Fragment>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The usual tag: bold. */
export const strong = (children: ReactNode) => <strong>{children}</strong>;
