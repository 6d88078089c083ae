import { useCallback } from "react";
import { identify } from "../../../lib/analytics";
import { useClientState } from "../../../lib/client-state";
import { refreshSession } from "../../../lib/session";

/** What happens once a creator is signed in: remember her, tell analytics, and let every page see the session. */
export function useCompleteSignIn() {
  const setUser = useClientState((s) => s.setUser);
  const setPendingEmail = useClientState((s) => s.setPendingEmail);
  return useCallback(
    async (user: { id: string; email: string; name: string }) => {
      setUser({ id: user.id, email: user.email, name: user.name });
      setPendingEmail(null);
      identify(user);
      await refreshSession();
    },
    [setUser, setPendingEmail],
  );
}
