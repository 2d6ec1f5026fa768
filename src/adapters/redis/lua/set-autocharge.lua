--[[
set-autocharge.lua: change an account's autocharge settings.

KEYS
  KEYS[1]  account hash <prefix>{acct:<id>}:account

ARGV
  ARGV[1]  threshold, credits: autocharge fires after a charge leaves monthly + auto below it
  ARGV[2]  amount, credits added to the auto balance when it fires (0 = autocharge off)

Returns 1, or -3 when the account does not exist or is deleted (nothing changed).
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'status')
if not account[1] or account[2] == 'deleted' then
  return -3
end
redis.call('HSET', KEYS[1], 'threshold', ARGV[1], 'amount', ARGV[2])
return 1
