// SPDX-License-Identifier: MIT
//! Hand-worked expectations for the generated `register!` modules: 15
//! registers of gv100, tu104, ga100, ga102 and gh100, each value read off the
//! manual's or published header's line cited (paths under ../shared), never
//! off refgen's output.  Expanded by test/rust/register_macro.rs, so a field
//! is (name, hi, lo, conversion): "" a number, "bool", or its enum.

use crate::register_macro::Field;
use crate::num::Bounded;
use core::convert::TryFrom;

fn f(name: &'static str, hi: u32, lo: u32, into: &'static str) -> Field {
    Field { name, hi, lo, into }
}

// ---- gv100: manuals/volta/gv100 ----

#[test]
fn gv100_pmc_boot_0() {
    use crate::gv100::dev_master::*;
    // dev_master.ref.txt:23  NV_PMC_BOOT_0 0x00000000 /* R--4R */
    assert_eq!(NV_PMC_BOOT_0::OFFSET, 0);
    assert_eq!((NV_PMC_BOOT_0::SIZE, NV_PMC_BOOT_0::STRIDE, NV_PMC_BOOT_0::BASE), (1, 0, ""));
    // :24 ID 31:0 covers every other field: left out (the narrower ones stay).
    // :25 MINOR_REVISION 3:0, values _1.._15 and INIT: numbers, no enum.
    // :42 MAJOR_REVISION 7:4, values A..F (:43-48): an enum.
    // :50 RESERVED_0 11:8 (no values).  :51 IMPLEMENTATION 23:20.  :69 ARCHITECTURE 28:24.
    assert_eq!(NV_PMC_BOOT_0::FIELDS, &[
        f("minor_revision", 3, 0, ""),
        f("major_revision", 7, 4, "NV_PMC_BOOT_0_MAJOR_REVISION"),
        f("reserved_0", 11, 8, ""),
        f("implementation", 23, 20, "NV_PMC_BOOT_0_IMPLEMENTATION"),
        f("architecture", 28, 24, "NV_PMC_BOOT_0_ARCHITECTURE"),
    ][..]);
    // :79 ARCHITECTURE_GV100 0x00000014; :43 MAJOR_REVISION_A 0x0000000A
    let boot0 = NV_PMC_BOOT_0 { inner: 0x140000a1 };
    assert_eq!(boot0.architecture(), Ok(NV_PMC_BOOT_0_ARCHITECTURE::GV100));
    assert_eq!(boot0.major_revision(), Ok(NV_PMC_BOOT_0_MAJOR_REVISION::A));
    assert_eq!(NV_PMC_BOOT_0_ARCHITECTURE::GV100 as u32, 0x14);
}

#[test]
fn gv100_pmc_boot_42() {
    use crate::gv100::dev_master::*;
    // dev_master.ref.txt:111 NV_PMC_BOOT_42 0x00000A00 /* R--4R */
    // :112 MINOR_EXTENDED_REVISION 11:8, values _0.._9 and _A, _B (:113-124): A and B
    // are no decimal numbers, so the values are an enumeration (headers.md's rule)
    assert_eq!(NV_PMC_BOOT_42::OFFSET, 0xa00);
    assert!(NV_PMC_BOOT_42::FIELDS.contains(&f("minor_extended_revision", 11, 8,
                                               "NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION")));
    assert_eq!(NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION::B as u32, 0xb); // :124
    assert_eq!(NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION::_7 as u32, 7); // :120
}

#[test]
fn gv100_pccsr_channel_inst() {
    use crate::gv100::dev_fifo::*;
    // dev_fifo.ref.txt:54 NV_PCCSR_CHANNEL_INST(i) (0x00800000+(i)*8) /* RW-4A */
    // :55 __SIZE_1 4096
    assert_eq!(NV_PCCSR_CHANNEL_INST::OFFSET, 0x0080_0000);
    assert_eq!((NV_PCCSR_CHANNEL_INST::SIZE, NV_PCCSR_CHANNEL_INST::STRIDE), (4096, 8));
    // :56 PTR 27:0; :57 TARGET 29:28 (VID_MEM 0, SYS_MEM_COHERENT 2,
    // SYS_MEM_NONCOHERENT 3: :58-60); :61 BIND 31:31 (FALSE 0, TRUE 1: :62-63)
    assert_eq!(NV_PCCSR_CHANNEL_INST::FIELDS, &[
        f("ptr", 27, 0, ""),
        f("target", 29, 28, "NV_PCCSR_CHANNEL_INST_TARGET"),
        f("bind", 31, 31, "bool"),
    ][..]);
    let r = NV_PCCSR_CHANNEL_INST { inner: 0xa000_0000 }; // bind 1, target 2
    assert_eq!(r.target(), Ok(NV_PCCSR_CHANNEL_INST_TARGET::SYS_MEM_COHERENT));
    assert!(r.bind());
    // 1 is no named value of TARGET
    assert!(NV_PCCSR_CHANNEL_INST_TARGET::try_from(Bounded::<u32, 2>::try_new(1).unwrap()).is_err());
    let b: Bounded<u32, 2> = NV_PCCSR_CHANNEL_INST_TARGET::SYS_MEM_NONCOHERENT.into();
    assert_eq!(b.get(), 3);
}

// ---- tu104: manuals/turing/tu104 ----

#[test]
fn tu104_pbus_sw_scratch() {
    use crate::tu104::dev_bus::*;
    // dev_bus.ref.txt:33 NV_PBUS_SW_SCRATCH(i) (0x00001400+(i)*4) /* RW-4A */
    // :34 __SIZE_1 64; :35 _FIELD 31:0 (:36 FIELD_INIT only: a number)
    assert_eq!(NV_PBUS_SW_SCRATCH::OFFSET, 0x1400);
    assert_eq!((NV_PBUS_SW_SCRATCH::SIZE, NV_PBUS_SW_SCRATCH::STRIDE), (64, 4));
    assert_eq!(NV_PBUS_SW_SCRATCH::FIELDS, &[f("field", 31, 0, "")][..]);
}

#[test]
fn tu104_pccsr_channel() {
    use crate::tu104::dev_fifo::*;
    // dev_fifo.ref.txt:71 NV_PCCSR_CHANNEL(i) (0x00800004+(i)*8) /* RW-4A */; :72 __SIZE_1 4096
    assert_eq!(NV_PCCSR_CHANNEL::OFFSET, 0x0080_0004);
    assert_eq!((NV_PCCSR_CHANNEL::SIZE, NV_PCCSR_CHANNEL::STRIDE), (4096, 8));
    let fields = NV_PCCSR_CHANNEL::FIELDS;
    // :73 ENABLE 0:0 named NOT_IN_USE 0 / IN_USE 1 (:74-75): not true/false, an enum
    assert!(fields.contains(&f("enable", 0, 0, "NV_PCCSR_CHANNEL_ENABLE")));
    // :76 NEXT 1:1 (FALSE 0 at :77): a bool
    assert!(fields.contains(&f("next", 1, 1, "bool")));
    // :102 STATUS 27:24, IDLE 0 .. ON_ENG_PENDING_ACQ_CTX_RELOAD 0xE (:103-117)
    assert!(fields.contains(&f("status", 27, 24, "NV_PCCSR_CHANNEL_STATUS")));
    // :118 BUSY 28:28 (FALSE 0, TRUE 1: :119-120)
    assert!(fields.contains(&f("busy", 28, 28, "bool")));
    let r = NV_PCCSR_CHANNEL { inner: 0x1e00_0001 };
    assert_eq!(r.status(), Ok(NV_PCCSR_CHANNEL_STATUS::ON_ENG_PENDING_ACQ_CTX_RELOAD));
    assert_eq!(r.enable(), Ok(NV_PCCSR_CHANNEL_ENABLE::IN_USE));
    assert!(r.busy());
    assert_eq!(NV_PCCSR_CHANNEL_STATUS::PENDING_CTX_RELOAD as u32, 2); // :105
}

#[test]
fn tu104_pmc_boot_0_aliases() {
    use crate::tu104::dev_master::*;
    // dev_master.ref.txt:23 NV_PMC_BOOT_0 0x00000000; :69 ARCHITECTURE 28:24;
    // :75-76 GM000 and GM100 are both 0x00000011: one variant, the other an alias of it.
    assert_eq!(NV_PMC_BOOT_0::OFFSET, 0);
    assert!(NV_PMC_BOOT_0::FIELDS.contains(&f("architecture", 28, 24, "NV_PMC_BOOT_0_ARCHITECTURE")));
    assert_eq!(NV_PMC_BOOT_0_ARCHITECTURE::GM100, NV_PMC_BOOT_0_ARCHITECTURE::GM000);
    assert_eq!(NV_PMC_BOOT_0_ARCHITECTURE::GM000 as u32, 0x11);
    assert_eq!(NV_PMC_BOOT_0_ARCHITECTURE::GV110 as u32, 0x15); // :80
}

// ---- ga100: manuals/ampere/ga100 ----

#[test]
fn ga100_pmc_boot_42() {
    use crate::ga100::dev_boot::*;
    // dev_boot.ref.txt:116 NV_PMC_BOOT_42 0x00000A00 /* R--4R */; :117 MINOR_EXTENDED_REVISION
    // 11:8, values _0.._9, _A.._F (:118-133): an enumeration; :134 MINOR_REVISION 15:12
    // values _1.. (decimal numbers, :135-): a number
    assert_eq!(NV_PMC_BOOT_42::OFFSET, 0xa00);
    assert!(NV_PMC_BOOT_42::FIELDS.contains(&f("minor_extended_revision", 11, 8,
                                               "NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION")));
    assert!(NV_PMC_BOOT_42::FIELDS.contains(&f("minor_revision", 15, 12, "")));
    assert_eq!(NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION::F as u32, 0xf); // :133
    let r = NV_PMC_BOOT_42 { inner: 0xc00 };
    assert_eq!(r.minor_extended_revision(), Ok(NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION::C));
}

#[test]
fn ga100_runlist_submit_in_its_block() {
    use crate::ga100::dev_runlist::*;
    // dev_runlist.ref.txt:133 NV_RUNLIST_SUBMIT 0x088 /* RW-4R */, in the runlist's block
    // (manuals/address-spaces.txt: a block whose base the device info gives)
    assert_eq!(NV_RUNLIST_SUBMIT::OFFSET, 0x88);
    assert_eq!(NV_RUNLIST_SUBMIT::BASE, "RunlistBase");
    // :134 LENGTH 15:0 (ZERO, MAX: a number); :137 OFFSET 31:16
    assert_eq!(NV_RUNLIST_SUBMIT::FIELDS, &[f("length", 15, 0, ""), f("offset", 31, 16, "")][..]);
}

#[test]
fn ga100_chram_channel() {
    use crate::ga100::dev_runlist::*;
    // dev_runlist.ref.txt:74 NV_CHRAM_CHANNEL(i) (0x000+(i)*4) /* RW-4A */; :75 __SIZE_1 2048
    assert_eq!(NV_CHRAM_CHANNEL::OFFSET, 0);
    assert_eq!((NV_CHRAM_CHANNEL::SIZE, NV_CHRAM_CHANNEL::STRIDE), (2048, 4));
    assert_eq!(NV_CHRAM_CHANNEL::BASE, "RunlistBase");
    // :79 ENABLE 1:1 NOT_IN_USE 0 / IN_USE 1 (:80-81); :85 BUSY 3:3 FALSE/TRUE (:86-87)
    assert!(NV_CHRAM_CHANNEL::FIELDS.contains(&f("enable", 1, 1, "NV_CHRAM_CHANNEL_ENABLE")));
    assert!(NV_CHRAM_CHANNEL::FIELDS.contains(&f("busy", 3, 3, "bool")));
    assert_eq!(NV_CHRAM_CHANNEL_ENABLE::IN_USE as u32, 1);
}

// ---- ga102: published/ampere/ga102 ----

#[test]
fn ga102_falcon_dmatrfcmd_at_falcon_base() {
    use crate::ga102::dev_falcon_v4::*;
    // dev_falcon_v4.h:57 NV_PFALCON_FALCON_DMATRFCMD 0x00000118 /* RW-4R */, at a falcon's base
    assert_eq!(NV_PFALCON_FALCON_DMATRFCMD::OFFSET, 0x118);
    assert_eq!(NV_PFALCON_FALCON_DMATRFCMD::BASE, "PfalconBase");
    // :58 FULL 0:0, :61 IDLE 1:1, :66 IMEM 4:4, :68 WRITE 5:5, :74 SET_DMTAG 16:16:
    // TRUE 1 / FALSE 0 -> bool; :64 SEC 3:2 and :73 CTXDMA 14:12 name nothing;
    // :71 SIZE 10:8 names one value (256B 6, :72): a number.
    assert_eq!(NV_PFALCON_FALCON_DMATRFCMD::FIELDS, &[
        f("full", 0, 0, "bool"),
        f("idle", 1, 1, "bool"),
        f("sec", 3, 2, ""),
        f("imem", 4, 4, "bool"),
        f("write", 5, 5, "bool"),
        f("size", 10, 8, ""),
        f("ctxdma", 14, 12, ""),
        f("set_dmtag", 16, 16, "bool"),
    ][..]);
}

#[test]
fn ga102_fbif_transcfg_array_at_fbif_base() {
    use crate::ga102::dev_fbif_v4::*;
    // dev_fbif_v4.h:27 NV_PFALCON_FBIF_TRANSCFG(i) (0x00000000+(i)*4) /* RW-4A */; :28 __SIZE_1 8
    assert_eq!(NV_PFALCON_FBIF_TRANSCFG::OFFSET, 0);
    assert_eq!((NV_PFALCON_FBIF_TRANSCFG::SIZE, NV_PFALCON_FBIF_TRANSCFG::STRIDE), (8, 4));
    assert_eq!(NV_PFALCON_FBIF_TRANSCFG::BASE, "PfalconFbifBase");
    // :29 TARGET 1:0: LOCAL_FB 0, COHERENT_SYSMEM 1 (:30-31)
    assert!(NV_PFALCON_FBIF_TRANSCFG::FIELDS.contains(&f("target", 1, 0, "NV_PFALCON_FBIF_TRANSCFG_TARGET")));
    // :32 MEM_TYPE 2:2 names only PHYSICAL 1 (:33): a number, not a bool
    assert!(NV_PFALCON_FBIF_TRANSCFG::FIELDS.contains(&f("mem_type", 2, 2, "")));
    let r = NV_PFALCON_FBIF_TRANSCFG { inner: 1 };
    assert_eq!(r.target(), Ok(NV_PFALCON_FBIF_TRANSCFG_TARGET::COHERENT_SYSMEM));
}

// ---- gh100: published/hopper/gh100 ----

#[test]
fn gh100_pbus_sw_scratch() {
    use crate::gh100::dev_bus::*;
    // dev_bus.h:27 NV_PBUS_SW_SCRATCH(i) (0x00001400+(i)*4) /* RW-4A */; :28 __SIZE_1 64; :29 FIELD 31:0
    assert_eq!(NV_PBUS_SW_SCRATCH::OFFSET, 0x1400);
    assert_eq!((NV_PBUS_SW_SCRATCH::SIZE, NV_PBUS_SW_SCRATCH::STRIDE), (64, 4));
    assert_eq!(NV_PBUS_SW_SCRATCH::FIELDS, &[f("field", 31, 0, "")][..]);
}

#[test]
fn gh100_pmc_boot_0_without_fields() {
    use crate::gh100::dev_pmc::*;
    // dev_pmc.h:26 NV_PMC_BOOT_0 0x00000000 /* R--4R */, the header's only define
    assert_eq!(NV_PMC_BOOT_0::OFFSET, 0);
    assert!(NV_PMC_BOOT_0::FIELDS.is_empty());
}

#[test]
fn gh100_falcon_mailbox0_at_falcon_base() {
    use crate::gh100::dev_falcon_v4::*;
    // dev_falcon_v4.h:27 NV_PFALCON_FALCON_MAILBOX0 0x00000040 /* RW-4R */; :28 DATA 31:0
    assert_eq!(NV_PFALCON_FALCON_MAILBOX0::OFFSET, 0x40);
    assert_eq!(NV_PFALCON_FALCON_MAILBOX0::BASE, "PfalconBase");
    assert_eq!(NV_PFALCON_FALCON_MAILBOX0::FIELDS, &[f("data", 31, 0, "")][..]);
}

// A driver's base for its falcon, as doc/rust.md shows: GSP's at 0x110000
// (published/ampere/ga102/dev_gsp.h:26 NV_PGSP 0x110000, per address-spaces.txt).
struct Gsp;
impl crate::io::register::RegisterBase<crate::ga102::PfalconBase> for Gsp {
    const BASE: usize = 0x11_0000;
}

#[test]
fn ga102_gsp_dmatrfcmd_address() {
    use crate::io::register::RegisterBase;
    use crate::ga102::dev_falcon_v4::NV_PFALCON_FALCON_DMATRFCMD as R;
    assert_eq!(<Gsp as RegisterBase<crate::ga102::PfalconBase>>::BASE + R::OFFSET, 0x11_0118);
}

#[test]
fn ga102_gsp_mailbox0_in_bar0() {
    use crate::ga102::dev_gsp::*;
    // dev_gsp.h:27 NV_PGSP_FALCON_MAILBOX0 0x110040 (a fixed BAR0 offset, inside
    // :26 NV_PGSP 0x113fff:0x110000); :28 DATA 31:0
    assert_eq!(NV_PGSP_FALCON_MAILBOX0::OFFSET, 0x11_0040);
    assert_eq!(NV_PGSP_FALCON_MAILBOX0::BASE, "");
    assert_eq!(NV_PGSP_FALCON_MAILBOX0::FIELDS, &[f("data", 31, 0, "")][..]);
}
