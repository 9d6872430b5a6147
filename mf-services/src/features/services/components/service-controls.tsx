import {
  actionDone,
  type PowerAction,
  ResetPasswordBody,
  type Service,
  serviceMessages,
} from "@contracts/services.ts";
import { useNavigate } from "@hosting-portal/router";
import {
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  parseForm,
  queryKeys,
  TextField,
  toast,
} from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useControlService } from "../api/control-service";
import { useReinstall } from "../api/server-actions";
import { SecretValue } from "./secret-value";
import { reportServiceError } from "./service-errors";
import * as styles from "./services.css";

const POWER: { action: PowerAction; label: string; variant: "primary" | "secondary" | "danger" }[] =
  [
    { action: "start", label: "Start", variant: "primary" },
    { action: "stop", label: "Stop", variant: "danger" },
    { action: "restart", label: "Restart", variant: "secondary" },
    { action: "force-stop", label: "Force stop", variant: "danger" },
    { action: "force-restart", label: "Force restart", variant: "secondary" },
  ];

/** What the confirmation of a forced action says it does (the system is not asked). */
const FORCED: Partial<Record<PowerAction, { title: string; text: string }>> = {
  "force-stop": {
    title: "Force stop",
    text: "Cuts the power at once, like pulling the plug: the system does not shut down, and files being written may be damaged. Use it only when Stop does not work.",
  },
  "force-restart": {
    title: "Force restart",
    text: "Resets the server at once, like pressing its reset button: the system does not shut down, and files being written may be damaged. Use it only when Restart does not work.",
  },
};

/** SPEC §2: Start, Stop, Restart, Change Password, for VPS services only. */
export function ServiceControls({ service }: { service: Service }) {
  const control = useControlService();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [forcing, setForcing] = useState<PowerAction | null>(null);
  // A reinstall takes the server over: the API refuses these meanwhile, the buttons wait.
  const reinstalling = useReinstall(service.id).data?.reinstall?.state === "pending";
  // The password the provider set instead of the one sent; dropped when its dialog closes.
  const [providerPassword, setProviderPassword] = useState<string | null>(null);

  if (service.service_type !== "vps") {
    return (
      <Card as="section" title="Power and access">
        <p className={styles.muted}>{serviceMessages.notAvailable}</p>
      </Card>
    );
  }

  const run = (action: PowerAction | "reset-password", password?: string) => {
    setPending(action);
    control.mutate(
      { id: service.id, action, password },
      {
        onSuccess: (result) => {
          toast.success(actionDone[action]);
          setPasswordOpen(false);
          setForcing(null);
          if (action === "reset-password" && result.password) setProviderPassword(result.password);
        },
        onError: (err) => {
          if (reportServiceError(err).leave) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.services.mine });
            navigate("/dashboard", { replace: true });
          }
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const cancelPassword = () => {
    setPasswordOpen(false);
    toast.info(serviceMessages.cancelledTitle, serviceMessages.cancelled);
  };

  const submitPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    if (password === "") return cancelPassword();
    const parsed = parseForm(ResetPasswordBody, { password });
    if (!parsed.success) return;
    run("reset-password", parsed.data.password);
  };

  return (
    <Card
      as="section"
      title="Power and access"
      description="Actions are sent to your server's provider."
    >
      <div className={styles.actions}>
        {POWER.map(({ action, label, variant }) => (
          <Button
            key={action}
            variant={variant}
            isPending={pending === action}
            isDisabled={reinstalling || (pending !== null && pending !== action)}
            onPress={() => (FORCED[action] ? setForcing(action) : run(action))}
          >
            {label}
          </Button>
        ))}
        <Button
          variant="secondary"
          isDisabled={reinstalling || pending !== null}
          onPress={() => setPasswordOpen(true)}
        >
          Change Password
        </Button>
      </div>
      {reinstalling && (
        <p className={styles.note} role="status">
          The server is being reinstalled: these actions wait until it is done.
        </p>
      )}
      <ConfirmDialog
        title={forcing ? (FORCED[forcing]?.title ?? "") : ""}
        isOpen={forcing !== null}
        onOpenChange={(open) => {
          if (!open) setForcing(null);
        }}
        onConfirm={() => forcing && run(forcing)}
        confirmLabel={forcing ? FORCED[forcing]?.title : undefined}
        destructive
        isPending={forcing !== null && pending === forcing}
      >
        <p className={styles.muted}>{forcing ? FORCED[forcing]?.text : ""}</p>
      </ConfirmDialog>
      <Dialog
        title="Change server password"
        isOpen={passwordOpen}
        onOpenChange={(open) => (open ? setPasswordOpen(true) : cancelPassword())}
      >
        <form className={styles.dialogBody} onSubmit={submitPassword}>
          <p className={styles.muted}>
            Enter the new root password for {service.ipv4 ?? "your server"}. It is sent to the
            provider once and not stored.
          </p>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoFocus
            autoComplete="new-password"
          />
          <div className={styles.dialogActions}>
            <Button
              variant="secondary"
              onPress={cancelPassword}
              isDisabled={pending === "reset-password"}
            >
              Cancel
            </Button>
            <Button type="submit" isPending={pending === "reset-password"}>
              Change Password
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        title="Password set by the provider"
        isOpen={providerPassword !== null}
        onOpenChange={(open) => {
          if (!open) setProviderPassword(null);
        }}
        isDismissable={false}
      >
        {({ close }) => (
          <div className={styles.dialogBody}>
            <p className={styles.muted}>
              The provider set this root password instead of the one you entered. It is shown only
              this once: store it somewhere safe now.
            </p>
            {providerPassword && <SecretValue label="New root password" value={providerPassword} />}
            <div className={styles.dialogActions}>
              <Button onPress={close}>Done</Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
