import type { Service } from "@contracts/services.ts";
import { Card, serviceSpecs, shortServiceId } from "@hosting-portal/shared-ui";
import { ipv4Text, ServiceStatusBadge } from "./service-status";
import * as styles from "./services.css";

/** SPEC §2: id shortened to 16 characters, connection (reseller) id, type, IPv4, RAM, CPU, storage. */
export function ServiceDetails({ service }: { service: Service }) {
  const specs = serviceSpecs(service);
  const rows: [string, string][] = [
    ["Service ID", shortServiceId(service.id)],
    // Null until the provider has made the server.
    ["Connection ID", service.reseller_id === null ? "—" : String(service.reseller_id)],
    ["Type", service.service_type.toUpperCase()],
    ["IPv4", ipv4Text(service)],
    ["RAM", specs.ram],
    ["CPU", specs.cpu],
    ["Storage", specs.storage],
  ];
  return (
    <Card
      as="section"
      title="Server details"
      actions={<ServiceStatusBadge status={service.service_status} />}
    >
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt className={styles.term}>{label}</dt>
            <dd
              className={`${styles.value} ${label === "Service ID" || (label === "IPv4" && service.ipv4) ? styles.mono : ""}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
