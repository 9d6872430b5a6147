import type { Service } from "@contracts/services.ts";
import { Badge, Card, serviceSpecs, shortServiceId } from "@hosting-portal/shared-ui";
import * as styles from "./services.css";

/** SPEC §2: id shortened to 16 characters, connection (reseller) id, type, IPv4, RAM, CPU, storage. */
export function ServiceDetails({ service }: { service: Service }) {
  const specs = serviceSpecs(service);
  const rows: [string, string][] = [
    ["Service ID", shortServiceId(service.id)],
    ["Connection ID", String(service.reseller_id)],
    ["Type", service.service_type.toUpperCase()],
    ["IPv4", service.ipv4],
    ["RAM", specs.ram],
    ["CPU", specs.cpu],
    ["Storage", specs.storage],
  ];
  return (
    <Card as="section" title="Server details" actions={<Badge status={service.service_status} />}>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt className={styles.term}>{label}</dt>
            <dd
              className={`${styles.value} ${label === "Service ID" || label === "IPv4" ? styles.mono : ""}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
