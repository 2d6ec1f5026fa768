--[[
create-account.lua: create an account with its balances, unless the id is taken.

KEYS
  KEYS[1]  account hash <prefix>{acct:<id>}:account

ARGV
  ARGV[1]  plan: 'standard' | 'enterprise'
  ARGV[2]  monthly allowance, credits per Tokyo calendar month (also the opening monthly balance)
  ARGV[3]  opening auto balance, credits
  ARGV[4]  current month in Asia/Tokyo, 'YYYY-MM'
  ARGV[5]  autocharge threshold, credits
  ARGV[6]  autocharge amount, credits (0 = autocharge off)
  ARGV[7]  creation time, epoch milliseconds

Returns {1, creation time} when created, {0, its creation time or ''} when an account with this id
already exists (left unchanged; a deleted account's id stays taken). The store then lists the account
in <prefix>accounts (another slot) with that time.
]]

if redis.call('EXISTS', KEYS[1]) == 1 then
  return {0, redis.call('HGET', KEYS[1], 'created_ms') or ''}
end
redis.call('HSET', KEYS[1],
  'plan', ARGV[1], 'allowance', ARGV[2], 'monthly', ARGV[2], 'auto', ARGV[3], 'month', ARGV[4],
  'threshold', ARGV[5], 'amount', ARGV[6], 'created_ms', ARGV[7])
return {1, ARGV[7]}
