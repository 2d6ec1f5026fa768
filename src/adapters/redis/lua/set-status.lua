--[[
set-status.lua: suspend or resume an account. The status version (status_v) goes up by
one with every change: the key records the store rewrites afterwards (rewrite-key.lua, one per key,
each in its own slot) carry it, so a rewrite for an older status never overwrites a newer one.

KEYS (all carry the account's hash tag)
  KEYS[1]  account hash  <prefix>{acct:<id>}:account   fields: status ('suspended', 'deleted'; absent: active), status_v
  KEYS[2]  key digests   <prefix>{acct:<id>}:digests
  KEYS[3]  listed keys   <prefix>{acct:<id>}:keys

ARGV
  ARGV[1]  'suspended' | 'active'

Returns {status version, HGETALL of KEYS[2], HGETALL of KEYS[3]}: every key record to rewrite (also
when the status was already the one asked for, so that a retry finishes an interrupted rewrite),
or {-3} when the account does not exist or is deleted (nothing changed).
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'status', 'status_v')
if not account[1] or account[2] == 'deleted' then
  return {-3}
end
local version = tonumber(account[3]) or 0
if (account[2] or 'active') ~= ARGV[1] then
  version = redis.call('HINCRBY', KEYS[1], 'status_v', 1)
  if ARGV[1] == 'suspended' then
    redis.call('HSET', KEYS[1], 'status', 'suspended')
  else
    redis.call('HDEL', KEYS[1], 'status')
  end
end
return {version, redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[3])}
