import { type Service, serviceMessages } from "@contracts/services.ts";
import { useNavigate } from "@hosting-portal/router";
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Row,
  shortId,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import * as styles from "./services.css";

/** SPEC §2 dashboard table: short id, type, status, IPv4 and a Manage button. */
export function ServicesTable({ services }: { services: Service[] }) {
  const navigate = useNavigate();
  if (services.length === 0) return <EmptyState title={serviceMessages.empty} />;
  return (
    <Table aria-label="Your services">
      <TableHeader>
        <Column isRowHeader>ID</Column>
        <Column>Type</Column>
        <Column>Status</Column>
        <Column>IPv4</Column>
        <Column>
          <span className={styles.srOnly}>Actions</span>
        </Column>
      </TableHeader>
      <TableBody items={services} dependencies={[navigate]}>
        {(s) => {
          const suspended = s.service_status !== "active";
          return (
            <Row id={s.id}>
              <Cell>
                <span className={styles.mono}>{shortId(s.id)}</span>
              </Cell>
              <Cell>{s.service_type.toUpperCase()}</Cell>
              <Cell>
                <Badge status={s.service_status} />
              </Cell>
              <Cell>
                <span className={styles.mono}>{s.ipv4}</span>
              </Cell>
              <Cell>
                <Button
                  size="sm"
                  variant={suspended ? "secondary" : "primary"}
                  isDisabled={suspended}
                  aria-label={suspended ? `Suspended ${shortId(s.id)}` : `Manage ${shortId(s.id)}`}
                  onPress={() => navigate(`/service/${s.id}`)}
                >
                  {suspended ? "Suspended" : "Manage"}
                </Button>
              </Cell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
