--[[
add-key.lua: record a key digest as one of an account's keys, unless the account does
not exist or is deleted. The key's own record (`<prefix>apikey:<digest>`, another slot) is written
by the store after this script, with the status this script reports.

KEYS (all carry the account's hash tag)
  KEYS[1]  account hash  <prefix>{acct:<id>}:account   (fields read: plan, status, status_v)
  KEYS[2]  key digests   <prefix>{acct:<id>}:digests   hash: digest -> public key id ('' when unlisted)
  KEYS[3]  listed keys   <prefix>{acct:<id>}:keys      hash: public key id -> grant (JSON)

ARGV
  ARGV[1]  key digest (hex)
  ARGV[2]  public key id ('' for a key issued without a grant: bound, not listed)
  ARGV[3]  grant, JSON ('' when ARGV[2] is '')

Returns {suspended (1 or 0), status version}, or {-3} when the account does not exist or is deleted.
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'status', 'status_v')
if not account[1] or account[2] == 'deleted' then
  return {-3}
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
end
local suspended = 0
if account[2] == 'suspended' then
  suspended = 1
end
return {suspended, tonumber(account[3]) or 0}
