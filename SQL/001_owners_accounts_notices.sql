-- Owners, their accounts and notices: everything one home-screen feed is assembled from.
-- Constraints repeat the application's rules so bad data cannot enter even around feedctl.

CREATE TABLE owners (
  id text PRIMARY KEY
    CONSTRAINT owners_id_syntax CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  display_name text NOT NULL
    CONSTRAINT owners_display_name_length CHECK (char_length(display_name) BETWEEN 1 AND 100),
  -- The sequence number of the owner's latest feed snapshot; incremented atomically.
  last_snapshot_sequence bigint NOT NULL DEFAULT 0
    CONSTRAINT owners_last_snapshot_sequence_not_negative CHECK (last_snapshot_sequence >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  name text NOT NULL
    CONSTRAINT accounts_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL DEFAULT 'checking'
    CONSTRAINT accounts_kind_syntax CHECK (kind ~ '^[a-z][a-z0-9_-]{0,31}$'),
  -- Money is an integer count of the currency's minor units (KRW has none: 1 = 1원).
  balance_minor bigint NOT NULL,
  currency text NOT NULL
    CONSTRAINT accounts_currency_code CHECK (currency ~ '^[A-Z]{3}$'),
  position integer NOT NULL DEFAULT 0
    CONSTRAINT accounts_position_not_negative CHECK (position >= 0),
  hidden boolean NOT NULL DEFAULT false,
  version bigint NOT NULL DEFAULT 1
    CONSTRAINT accounts_version_positive CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- "All of one owner's accounts in display order."
CREATE INDEX accounts_owner_display_order ON accounts (owner_id, position, id);

CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  message text NOT NULL
    CONSTRAINT notices_message_length CHECK (char_length(message) BETWEEN 1 AND 500),
  severity text NOT NULL DEFAULT 'info'
    CONSTRAINT notices_severity_known CHECK (severity IN ('info', 'warning', 'critical')),
  dismissible boolean NOT NULL DEFAULT true,
  -- Optional window in which the notice is shown: [active_from, active_until).
  active_from timestamptz,
  active_until timestamptz,
  position integer NOT NULL DEFAULT 0
    CONSTRAINT notices_position_not_negative CHECK (position >= 0),
  dismissed_at timestamptz,
  version bigint NOT NULL DEFAULT 1
    CONSTRAINT notices_version_positive CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notices_window_ordered
    CHECK (active_from IS NULL OR active_until IS NULL OR active_from < active_until),
  CONSTRAINT notices_only_dismissible_are_dismissed
    CHECK (dismissed_at IS NULL OR dismissible)
);

-- "All of one owner's notices in display order."
CREATE INDEX notices_owner_display_order ON notices (owner_id, position, id);
