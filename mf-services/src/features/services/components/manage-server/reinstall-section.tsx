import { serverActionMessages } from "@contracts/server-actions.ts";
import type { Service } from "@contracts/services.ts";
import { Button, ProgressBar, Select, toast } from "@hosting-portal/shared-ui";
import { useEffect, useRef, useState } from "react";
import { useReinstall, useStartReinstall, useTemplates } from "../../api/server-actions";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";
import { TypedConfirmDialog } from "./typed-confirm-dialog";
import { useReportServiceError } from "./use-report";

/**
 * Reinstall: a system from the provider's list, confirmed by typing the short id. Its progress
 * comes from the API's job (refreshed by the live `services` topic); when it finishes, the new
 * root password waits in the Root password panel, shown once.
 */
export function ReinstallSection({ service }: { service: Service }) {
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState("");
  const { data } = useReinstall(service.id);
  const templates = useTemplates(service.id, open);
  const start = useStartReinstall(service.id);
  const report = useReportServiceError();
  const reinstall = data?.reinstall ?? null;
  const running = reinstall?.state === "pending";

  // Tell the customer how it ended, once, when a reinstall they watched leaves `pending`.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (running) watched.current = reinstall.id;
    else if (reinstall && watched.current === reinstall.id) {
      watched.current = null;
      if (reinstall.state === "done") toast.success(serverActionMessages.reinstallDone);
      else toast.error(serverActionMessages.reinstallFailed);
    }
  }, [running, reinstall]);

  const choices = templates.data?.templates ?? [];
  const chosen = template || choices[0] || "";

  return (
    <section className={styles.section} aria-labelledby="reinstall-heading">
      <h3 id="reinstall-heading" className={styles.heading}>
        Reinstall
      </h3>
      {running ? (
        <ProgressBar
          label={`Reinstalling ${reinstall.template} (${reinstall.provider_status ?? "queued"})`}
          value={Math.round(reinstall.progress * 100)}
        />
      ) : (
        <p className={shared.muted}>
          Installs a fresh system. Everything on the server's disk is erased.
          {reinstall?.state === "failed"
            ? ` The last reinstall (${reinstall.template}) failed.`
            : ""}
        </p>
      )}
      <div>
        <Button variant="danger" isDisabled={running} onPress={() => setOpen(true)}>
          Reinstall…
        </Button>
      </div>
      <TypedConfirmDialog
        serviceId={service.id}
        title="Reinstall server"
        isOpen={open}
        onOpenChange={setOpen}
        confirmLabel="Erase and reinstall"
        isPending={start.isPending}
        onConfirm={(confirm) =>
          start.mutate(
            { template: chosen, confirm },
            {
              onSuccess: () => {
                toast.success(serverActionMessages.reinstallStarted);
                setOpen(false);
              },
              onError: report,
            },
          )
        }
      >
        <Select
          label="System"
          value={chosen}
          onValueChange={setTemplate}
          disabled={!templates.data}
        >
          {choices.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <p className={shared.note}>
          This erases every file on {service.ipv4 ?? "the server"} and installs{" "}
          {chosen || "the system"}. A new root password is shown once when it is done.
        </p>
      </TypedConfirmDialog>
    </section>
  );
}
