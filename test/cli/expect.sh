# SPDX-License-Identifier: MIT
# The counting helpers of the test/cli scripts, sourced by them (. expect.sh):
# ok WHAT, bad WHAT, expect WHAT WANT GOT; the script ends with
#   echo "$pass passed, $fail failed"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAILED: $1"; }
# expect WHAT WANT GOT
expect() {
	if [ "$2" = "$3" ]; then ok "$1"; else bad "$1"; printf 'want: %s\ngot:  %s\n' "$2" "$3"; fi
}
