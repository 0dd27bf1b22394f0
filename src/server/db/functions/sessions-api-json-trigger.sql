-- Every insert and update of a session stores its JSON (session-api-json.sql) with the row, so
-- reads send it as stored. A trigger rather than a generated column: a generated column pins the
-- function's signature, and a new field of the JSON meant dropping and re-creating the column in a
-- migration (0006, 0007).
CREATE OR REPLACE FUNCTION sessions_store_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  new.api_json := session_api_json(new);
  return new;
end
$$;

CREATE OR REPLACE TRIGGER sessions_store_api_json BEFORE INSERT OR UPDATE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_store_api_json();
