--[[
delete-account.lua: mark an account deleted. Its id stays taken (create-account.lua
finds the hash), its balances stay as they are, its ledger is kept; charge.lua, grant-auto.lua,
set-autocharge.lua, set-plan.lua, set-status.lua and add-key.lua refuse it from now on. Its keys'
records (other slots) are then deleted by the store, which finally drops KEYS[2], KEYS[3] and the
keys' last-used hash.

KEYS (all carry the account's hash tag)
  KEYS[1]  account hash  <prefix>{acct:<id>}:account
  KEYS[2]  key digests   <prefix>{acct:<id>}:digests
  KEYS[3]  listed keys   <prefix>{acct:<id>}:keys

ARGV
  ARGV[1]  now, epoch milliseconds (kept as deleted_ms)

Returns {1 deleted now | 0 deleted before, HGETALL of KEYS[2], HGETALL of KEYS[3]}: the keys to
revoke (what an interrupted deletion left, for 0), or {-3} when the account does not exist.
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'status')
if not account[1] then
  return {-3}
end
local deleted_now = 0
if account[2] ~= 'deleted' then
  redis.call('HSET', KEYS[1], 'status', 'deleted', 'deleted_ms', ARGV[1])
  redis.call('HINCRBY', KEYS[1], 'status_v', 1)
  deleted_now = 1
end
return {deleted_now, redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[3])}
