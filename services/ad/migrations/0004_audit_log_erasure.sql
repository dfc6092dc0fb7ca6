-- The audit log stays append-only for the API and for every other change. The one exception is an account's
-- erasure (docs/adr/0018-account-erasure.md): the person's entries keep what was done, to what and when,
-- but lose who did it and from where (user id, address, user agent, their id and e-mail inside the data).
-- Only a transaction that declares it is erasing (set_config('laundry.erasing_person', 'on', true)) may
-- update a row, and never its id, event, action, resource, outcome or time; deletion stays refused.
CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('laundry.erasing_person', true) = 'on'
     AND NEW.id = OLD.id AND NEW.event_id = OLD.event_id AND NEW.action = OLD.action
     AND NEW.resource = OLD.resource AND NEW.status = OLD.status AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
