import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import * as styles from "./Link.css";

export interface LinkProps extends Omit<AriaLinkProps, "className"> {
  className?: string;
}

/** Client-side navigation comes from the RouterProvider in PortalProviders. */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={[styles.link, className].filter(Boolean).join(" ")} />;
}
