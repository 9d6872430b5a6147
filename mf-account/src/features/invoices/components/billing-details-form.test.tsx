import { BillingDetailsBody } from "@contracts/invoices.ts";
import {
  apiError,
  fieldError,
  findToast,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { BillingDetailsForm } from "./billing-details-form";

const empty = { name: null, company: null, address: null, country: null, vat_id: null };
const saveButton = () => screen.getByRole("button", { name: "Save billing details" });
const country = () => screen.getByLabelText("Country") as HTMLSelectElement;

/** The contract's first message for `field` when the form is sent with `values`. */
function contractMessage(values: object, field: string): string {
  const result = BillingDetailsBody.safeParse(values);
  const issue = result.error?.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`the contract accepts ${field} in ${JSON.stringify(values)}`);
  return issue.message;
}

async function open(routes: Parameters<typeof mockApi>[0]) {
  const net = mockApi(routes);
  await net.signIn();
  renderPage(<BillingDetailsForm />, { path: "/settings" });
  await screen.findByRole("form", { name: "Billing details" });
  return net;
}

afterEach(resetPortalState);

describe("BillingDetailsForm", () => {
  it("saves name, address and country with PUT; empty optional fields as null", async () => {
    const user = userEvent.setup();
    const net = await open({
      "GET /api/account/billing-details": empty,
      "PUT /api/account/billing-details": (req) => req.body as object,
    });
    await user.type(screen.getByLabelText("Name"), "Erika Mustermann");
    await user.type(screen.getByLabelText("Address"), "Hauptstraße 1, 10115 Berlin");
    await user.selectOptions(country(), "DE");
    await user.click(saveButton());
    expect(await findToast("Billing details saved")).toBeTruthy();
    expect(net.callsTo("PUT /api/account/billing-details").map((c) => c.body)).toEqual([
      {
        name: "Erika Mustermann",
        company: null,
        address: "Hauptstraße 1, 10115 Berlin",
        country: "DE",
        vat_id: null,
      },
    ]);
  });

  it("shows the saved details, the country among the EU and other countries", async () => {
    await open({
      "GET /api/account/billing-details": {
        name: "Jan Jansen",
        company: "Jansen BV",
        address: "Damrak 1, Amsterdam",
        country: "NL",
        vat_id: "NL123456789B01",
      },
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Jan Jansen");
    expect((screen.getByLabelText("Company (optional)") as HTMLInputElement).value).toBe(
      "Jansen BV",
    );
    expect((screen.getByLabelText("VAT ID (optional)") as HTMLInputElement).value).toBe(
      "NL123456789B01",
    );
    expect(country().value).toBe("NL");
    const eu = within(country()).getByRole("group", { name: "European Union" });
    expect(within(eu).getAllByRole("option")).toHaveLength(27);
    expect(within(country()).getByRole("option", { name: "Switzerland" })).toBeTruthy();
  });

  it("refuses missing required fields in the page with the contract's messages, sending nothing", async () => {
    const user = userEvent.setup();
    const net = await open({ "GET /api/account/billing-details": empty });
    await user.click(saveButton());
    expect(await findToast("Validation Error")).toBeTruthy();
    const sent = { name: "", company: null, address: "", country: "", vat_id: null };
    expect(fieldError("Name")).toBe(contractMessage(sent, "name"));
    expect(fieldError("Address")).toBe(contractMessage(sent, "address"));
    expect(country().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(contractMessage(sent, "country"))).toBeTruthy();
    expect(net.callsTo("PUT /api/account/billing-details")).toHaveLength(0);
  });

  it("refuses a VAT ID whose format does not fit the country, with the contract's message", async () => {
    const user = userEvent.setup();
    const net = await open({
      "GET /api/account/billing-details": {
        ...empty,
        name: "Erika",
        address: "Hauptstraße 1, Berlin",
        country: "DE",
      },
    });
    await user.type(screen.getByLabelText("VAT ID (optional)"), "DE12");
    await user.click(saveButton());
    expect(await findToast("Validation Error")).toBeTruthy();
    const sent = {
      name: "Erika",
      company: null,
      address: "Hauptstraße 1, Berlin",
      country: "DE",
      vat_id: "DE12",
    };
    expect(fieldError("VAT ID (optional)")).toBe(contractMessage(sent, "vat_id"));
    expect(net.callsTo("PUT /api/account/billing-details")).toHaveLength(0);
  });

  it("shows the API's refusal", async () => {
    const user = userEvent.setup();
    await open({
      "GET /api/account/billing-details": {
        ...empty,
        name: "Erika",
        address: "Hauptstraße 1, Berlin",
        country: "DE",
      },
      "PUT /api/account/billing-details": () =>
        apiError(422, "validation_error", "The VAT ID does not match the country"),
    });
    await user.click(saveButton());
    const toast = await findToast("Billing details not saved");
    expect(toast.textContent).toContain("The VAT ID does not match the country");
  });
});
