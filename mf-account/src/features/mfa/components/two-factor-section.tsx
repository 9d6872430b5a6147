import type { Factor } from "@contracts/factors.ts";
import {
  ApiError,
  Badge,
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  formatDate,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useFactors } from "../api/get-factors";
import { AddPasskeyDialog } from "./add-passkey-dialog";
import { EnrollTotpDialog } from "./enroll-totp-dialog";
import * as styles from "./mfa.css";
import { RemoveFactorDialog } from "./remove-factor-dialog";

const typeLabel: Record<Factor["factor_type"], string> = {
  totp: "Authenticator app",
  webauthn: "Passkey",
  phone: "Phone (SMS)",
};

/** The 'Two-factor authentication' section of /settings. */
export function TwoFactorSection() {
  const factors = useFactors();
  const [dialog, setDialog] = useState<"totp" | "passkey" | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const passkeysSupported = typeof window !== "undefined" && "PublicKeyCredential" in window;

  const list = factors.data ?? [];
  return (
    <Card
      as="section"
      title="Two-factor authentication"
      description="After your password, ask for a code from an authenticator app or a passkey at sign-in."
      actions={
        <div className={styles.actions}>
          <Button size="sm" onPress={() => setDialog("totp")}>
            Set up authenticator app
          </Button>
          {passkeysSupported && (
            <Button size="sm" variant="secondary" onPress={() => setDialog("passkey")}>
              Add passkey
            </Button>
          )}
        </div>
      }
    >
      {factors.isPending ? (
        <Skeleton height="96px" />
      ) : factors.isError ? (
        <EmptyState
          title="Could not load your factors"
          description={factors.error instanceof ApiError ? factors.error.message : undefined}
          action={
            <Button size="sm" variant="secondary" onPress={() => factors.refetch()}>
              Retry
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="Two-factor authentication is off"
          description="Add an authenticator app or a passkey to protect your servers and credits."
        />
      ) : (
        <Table aria-label="Two-factor authentication factors">
          <TableHeader>
            <Column isRowHeader>Name</Column>
            <Column>Type</Column>
            <Column>Status</Column>
            <Column>Added</Column>
            <Column>
              <span className={styles.srOnly}>Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[]}>
            {(f) => (
              <Row id={f.id}>
                <Cell>
                  <span className={styles.name}>{f.friendly_name}</span>
                </Cell>
                <Cell>{typeLabel[f.factor_type]}</Cell>
                <Cell>
                  <Badge tone={f.status === "verified" ? "success" : "warning"}>
                    {f.status === "verified" ? "Verified" : "Unverified"}
                  </Badge>
                </Cell>
                <Cell>{formatDate(f.created_at)}</Cell>
                <Cell>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${f.friendly_name}`}
                    onPress={() => setRemoving(f)}
                  >
                    Remove
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <EnrollTotpDialog
        isOpen={dialog === "totp"}
        onOpenChange={(o) => setDialog(o ? "totp" : null)}
      />
      <AddPasskeyDialog
        isOpen={dialog === "passkey"}
        onOpenChange={(o) => setDialog(o ? "passkey" : null)}
      />
      <RemoveFactorDialog factor={removing} factors={list} onClose={() => setRemoving(null)} />
    </Card>
  );
}
