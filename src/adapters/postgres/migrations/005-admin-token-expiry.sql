-- An admin token may expire (`admin create-admin-token --expires`); null: it lasts until revoked.
ALTER TABLE dashboard_admin_tokens ADD COLUMN expires_ms bigint;
