// SPDX-License-Identifier: MIT
//! test/fixtures/rust/dev_rs.ref's registers as the grammar holds them, worked
//! out from its lines: what the grammar cannot hold is absent (run.sh checks
//! the comment and the -Wrust warning), the rest is right.

use crate::register_macro::Field;
use crate::rsfix::dev_rs::*;

fn f(name: &'static str, hi: u32, lo: u32, into: &'static str) -> Field {
    Field { name, hi, lo, into }
}

#[test]
fn ctrl_keeps_what_the_grammar_holds() {
    // :5 NV_PRS_CTRL 0x00000100; :6 WHOLE 31:0 overlaps the narrower fields: out;
    // :7 EN 0:0 FALSE/TRUE -> bool; :10 MODE 2:1 A 0, B 2 -> enum;
    // :14 BIT(i) (i+8):(i+8) depends on its index: out; :16 TYPE 15:12 -> "type_" (a keyword)
    assert_eq!(NV_PRS_CTRL::OFFSET, 0x100);
    assert_eq!(NV_PRS_CTRL::FIELDS, &[
        f("en", 0, 0, "bool"),
        f("mode", 2, 1, "NV_PRS_CTRL_MODE"),
        f("type_", 15, 12, "NV_PRS_CTRL_TYPE"),
    ][..]);
    // :13 ALSO_B is 2 as B (:12): an alias of B
    assert_eq!(NV_PRS_CTRL_MODE::ALSO_B, NV_PRS_CTRL_MODE::B);
    assert_eq!(NV_PRS_CTRL_TYPE::_4B as u32, 1); // :17
    let r = NV_PRS_CTRL { inner: 0x2005 }; // type 2, mode 2, en 1
    assert!(r.en());
    assert_eq!(r.mode(), Ok(NV_PRS_CTRL_MODE::B));
    assert_eq!(r.type_(), Ok(NV_PRS_CTRL_TYPE::_8B));
    assert!(NV_PRS_CTRL { inner: 0x2 }.mode().is_err()); // 1: no named value
}

#[test]
fn arr_is_an_array_with_stride() {
    // :23 NV_PRS_ARR(i) (0x00000400+(i)*8); :24 __SIZE_1 16; :25 VALUE 31:0
    assert_eq!((NV_PRS_ARR::OFFSET, NV_PRS_ARR::SIZE, NV_PRS_ARR::STRIDE), (0x400, 16, 8));
    assert_eq!(NV_PRS_ARR::FIELDS, &[f("value", 31, 0, "")][..]);
}
