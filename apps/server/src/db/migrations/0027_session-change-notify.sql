-- Every API process keeps the sessions it read lately (http/session-cache.ts) and listens on
-- this channel (db/notifications.ts): a session ended or changed, or an account changed in what a
-- kept session holds (or deleted), is dropped from every process's memory once committed.
-- Payloads: 's:' || session id, 'u:' || user id.
CREATE OR REPLACE FUNCTION session_change_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('lw_session_change', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('lw_session_change', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER DELETE OR UPDATE ON "session"
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();--> statement-breakpoint
CREATE TRIGGER user_change_notify AFTER DELETE OR UPDATE OF "id", "email", "name", "email_verified", "age_confirmed" ON "user"
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();
