--[[
forget-key.lua: drop a revoked key from its account's lists. The key's own record
(`<prefix>apikey:<digest>`, another slot) is deleted by the store before this script runs, so a
key is never unlisted while it still works.

KEYS (all carry the account's hash tag)
  KEYS[1]  key digests   <prefix>{acct:<id>}:digests   hash: digest -> public key id ('' when unlisted)
  KEYS[2]  listed keys   <prefix>{acct:<id>}:keys      hash: public key id -> grant (JSON)
  KEYS[3]  last used     <prefix>{acct:<id>}:keys:used hash: public key id -> epoch ms

ARGV
  ARGV[1]  key digest
  ARGV[2]  its public key id when known ('' otherwise: read from KEYS[1])

Returns {1 when anything was removed | 0, the public key id or ''}.
]]

local key_id = redis.call('HGET', KEYS[1], ARGV[1])
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
if not key_id or key_id == '' then
  key_id = ARGV[2]
end
if key_id ~= '' then
  removed = removed + redis.call('HDEL', KEYS[2], key_id)
  redis.call('HDEL', KEYS[3], key_id)
end
if removed > 0 then
  return {1, key_id}
end
return {0, key_id}
