import { Button, TextField, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./services.css";

/**
 * A password shown to be copied: a read-only field (screen readers announce its label, the text
 * can be selected) and a Copy button.
 */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("secret.copied"));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable.
      toast.error(t("secret.copyFailed"), t("secret.copyFailedHint"));
    }
  };
  return (
    <div className={styles.secret}>
      <TextField
        label={label}
        value={value}
        isReadOnly
        autoComplete="off"
        spellCheck="false"
        className={styles.secretField}
      />
      <Button variant="secondary" onPress={() => void copy()}>
        {t("secret.copy")}
      </Button>
    </div>
  );
}
