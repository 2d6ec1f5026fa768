--[[
grant-auto.lua: add credits to an account's auto balance (they never expire).

KEYS
  KEYS[1]  account hash <prefix>{acct:<id>}:account

ARGV
  ARGV[1]  credits to add (integer >= 1)

Returns the new auto balance, or -3 when the account does not exist or is deleted (nothing changed).
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'status')
if not account[1] or account[2] == 'deleted' then
  return -3
end
return redis.call('HINCRBY', KEYS[1], 'auto', ARGV[1])
