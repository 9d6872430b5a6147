import { Link } from "shared-ui";
import * as styles from "./not-found-page.css";

/** SPEC §2: unknown paths. */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Oops! Page not found</h1>
      <Link href="/">Return to Home</Link>
    </main>
  );
}
