import { ReverseDnsBody } from "@contracts/server-actions.ts";
import type { Service } from "@contracts/services.ts";
import { Button, parseForm, Skeleton, TextField, toast } from "@hosting-portal/shared-ui";
import type { FormEvent } from "react";
import { useT } from "../../../../i18n";
import { useReverseDns, useSetReverseDns } from "../../api/server-actions";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";
import { useReportServiceError } from "./use-report";

/** The PTR name of each of the server's IPv4 addresses; an empty name puts the provider's back. */
export function ReverseDnsSection({
  service,
  isDisabled,
}: {
  service: Service;
  isDisabled: boolean;
}) {
  const t = useT();
  const { data, isError } = useReverseDns(service.id);
  const save = useSetReverseDns(service.id);
  const report = useReportServiceError();

  const submit = (ip: string) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const hostname = String(new FormData(e.currentTarget).get("hostname") ?? "").trim();
    const parsed = parseForm(ReverseDnsBody, { ip, hostname });
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: report,
    });
  };

  return (
    <section className={styles.section} aria-labelledby="rdns-heading">
      <h3 id="rdns-heading" className={styles.heading}>
        {t("rdns.title")}
      </h3>
      <p className={shared.muted}>{t("rdns.explain")}</p>
      {isError && <p className={shared.muted}>{t("rdns.unreadable")}</p>}
      {!data && !isError && <Skeleton height={40} />}
      {data && (
        <ul className={styles.list}>
          {data.entries.map((entry) => (
            <li key={entry.ip}>
              <form className={styles.row} onSubmit={submit(entry.ip)}>
                <TextField
                  label={t("rdns.field", { ip: entry.ip })}
                  name="hostname"
                  // Keyed by the reported value: a save shows the provider's answer.
                  key={entry.hostname ?? ""}
                  defaultValue={entry.hostname ?? ""}
                  placeholder="mail.example.com"
                  description={
                    data.reported
                      ? entry.hostname
                        ? t("rdns.now", { hostname: entry.hostname })
                        : t("rdns.nowDefault")
                      : t("rdns.notReported")
                  }
                  autoComplete="off"
                />
                <Button
                  type="submit"
                  variant="secondary"
                  isDisabled={isDisabled}
                  isPending={save.isPending && save.variables?.ip === entry.ip}
                >
                  {t("rdns.save")}
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
