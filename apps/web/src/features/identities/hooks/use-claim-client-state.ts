import { useEffect } from "react";
import { useClientState } from "../../../lib/client-state";

interface Owner {
  id: string;
  email: string;
  name: string;
}

/**
 * The persisted client state belongs to one creator: when someone else signs in on this browser
 * it starts clean. Answers whether the state is the signed-in creator's (render once it is).
 */
export function useClaimClientState(user: Owner): boolean {
  const stateUser = useClientState((s) => s.user);
  const owned = stateUser?.id === user.id;
  useEffect(() => {
    if (owned) return;
    const { user: previous, reset, setUser } = useClientState.getState();
    if (previous && previous.id !== user.id) reset();
    setUser({ id: user.id, email: user.email, name: user.name });
  }, [owned, user.id, user.email, user.name]);
  return owned;
}
