import { useSearchParams } from "@hosting-portal/router";
import { ApiError, Button, Card, EmptyState, Skeleton, toast } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";
import { invitationPreviewKey, previewInvitation, useAcceptInvitation } from "../api/members";
import { roleLabel } from "./members-section";

/**
 * The invitation link (/settings?invitation=<token>, from the mail) shows what it offers and
 * accepts it for the signed-in person; a visitor signs in or up first and comes back here.
 */
export function InvitationCard() {
  const [params, setParams] = useSearchParams();
  const token = params.get("invitation");
  const preview = useQuery({
    queryKey: invitationPreviewKey(token),
    queryFn: () => previewInvitation(token ?? ""),
    enabled: !!token,
    retry: false,
  });
  const accept = useAcceptInvitation();
  if (!token) return null;
  const dismiss = () => setParams({}, { replace: true });
  return (
    <Card as="section" title="Invitation">
      {preview.isPending ? (
        <Skeleton height="48px" />
      ) : preview.isError ? (
        <EmptyState
          title="This invitation cannot be used"
          description={
            preview.error instanceof ApiError ? preview.error.message : "Please try again."
          }
          action={
            <Button size="sm" variant="secondary" onPress={dismiss}>
              Close
            </Button>
          }
        />
      ) : (
        <div>
          <p data-testid="invitation-offer">
            You are invited to the account <strong>{preview.data.account_name}</strong> as{" "}
            {roleLabel(preview.data.role)}.
          </p>
          <Button
            isPending={accept.isPending}
            onPress={() =>
              accept.mutate(token, {
                onSuccess: () => {
                  toast.success(
                    "Invitation accepted",
                    "Switch to the account in the top bar to work in it.",
                  );
                  dismiss();
                },
                onError: (err) =>
                  toast.error(
                    "Error",
                    err instanceof ApiError ? err.message : "Could not accept the invitation.",
                  ),
              })
            }
          >
            Accept invitation
          </Button>
        </div>
      )}
    </Card>
  );
}
