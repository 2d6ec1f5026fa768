--[[
set-plan.lua: change an account's plan and monthly allowance. This month's balance moves
by the allowance's change, never below 0: raising 1,000 to 5,000 adds 4,000 now. The Tokyo month is
rolled first, as charge.lua does, so a change in a new month starts from the old allowance.

KEYS
  KEYS[1]  account hash <prefix>{acct:<id>}:account

ARGV
  ARGV[1]  plan: 'standard' | 'enterprise'
  ARGV[2]  monthly allowance, credits (integer >= 0)
  ARGV[3]  current month in Asia/Tokyo, 'YYYY-MM'

Returns 1, or -3 when the account does not exist or is deleted (nothing changed).
]]

local account = redis.call('HMGET', KEYS[1], 'plan', 'allowance', 'monthly', 'month', 'status')
if not account[1] or account[5] == 'deleted' then
  return -3
end
local allowance = tonumber(account[2])
local monthly = tonumber(account[3])
local month = account[4]
if ARGV[3] > month then
  month = ARGV[3]
  monthly = allowance
end
local new_allowance = tonumber(ARGV[2])
monthly = math.max(0, monthly + new_allowance - allowance)
redis.call('HSET', KEYS[1], 'plan', ARGV[1], 'allowance', new_allowance, 'monthly', monthly, 'month', month)
return 1
