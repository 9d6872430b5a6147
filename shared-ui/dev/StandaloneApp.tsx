import {
  BrowserRouter,
  NavLink,
  Route,
  Routes,
  useHref,
  useNavigate,
} from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  Form,
  PortalProviders,
  session,
  TextField,
  toast,
  useSession,
} from "@hosting-portal/shared-ui";
import { type ComponentType, type FormEvent, type ReactNode, useState } from "react";

export interface StandalonePage {
  path: string;
  label: string;
  Component: ComponentType;
}

function DevSignIn() {
  const [pending, setPending] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setPending(true);
    try {
      await session.signIn({
        email: String(data.get("email")),
        password: String(data.get("password")),
        remember: false,
      });
    } catch (err) {
      toast.error("Error", err instanceof ApiError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card title="Sign in (standalone dev)" description="Demo: customer@example.com / customer123">
      <Form onSubmit={onSubmit}>
        <TextField label="Email" name="email" defaultValue="customer@example.com" />
        <TextField label="Password" name="password" type="password" defaultValue="customer123" />
        <Button type="submit" isPending={pending}>
          Sign In
        </Button>
      </Form>
    </Card>
  );
}

function Frame({ title, pages }: { title: string; pages: StandalonePage[] }) {
  const current = useSession();
  return (
    <div style={{ maxWidth: 1100, margin: "0 auto", padding: 24, display: "grid", gap: 24 }}>
      <header style={{ display: "flex", gap: 16, alignItems: "center", flexWrap: "wrap" }}>
        <strong>{title} remote — standalone</strong>
        {pages.map((p) => (
          <NavLink key={p.path} to={p.path.replace(":id", "demo")}>
            {p.label}
          </NavLink>
        ))}
        {current && (
          <Button variant="secondary" size="sm" onPress={() => void session.signOut()}>
            Sign out {current.user.email}
          </Button>
        )}
      </header>
      {current ? (
        <Routes>
          {pages.map((p) => (
            <Route key={p.path} path={p.path} element={<p.Component />} />
          ))}
          <Route path="*" element={<p>Pick a page above.</p>} />
        </Routes>
      ) : (
        <DevSignIn />
      )}
    </div>
  );
}

function RoutedProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <PortalProviders navigate={navigate} useHref={useHref}>
      {children}
    </PortalProviders>
  );
}

/**
 * Dev-only harness so a remote team can run its pages without the shell
 * (`npm run dev -w mf-shop`). Not part of shared-ui's public runtime entry.
 */
export function StandaloneApp({ title, pages }: { title: string; pages: StandalonePage[] }) {
  session.start();
  return (
    <BrowserRouter>
      <RoutedProviders>
        <Frame title={title} pages={pages} />
      </RoutedProviders>
    </BrowserRouter>
  );
}
