// SPDX-License-Identifier: MIT
//! What the generated `register!` modules use of the Linux kernel's crate,
//! written for the tests from the interface the kernel documents (no kernel
//! code): `kernel::io::register` (the macro, test/rust/register_macro.rs,
//! and the `RegisterBase` trait), `kernel::num::Bounded` and
//! `kernel::error`.  Included by the test crate test/rust/run.sh makes.

pub mod io {
    pub mod register {
        /// A block's base, as a driver implements it for each engine.
        pub trait RegisterBase<T> {
            const BASE: usize;
        }
    }
    pub use crate::register;
}

pub mod num {
    /// An integer of which only the `N` low bits may be set.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Bounded<T, const N: u32>(T);

    macro_rules! bounded_impl {
        ($($t:ty)*) => {$(
            impl<const N: u32> Bounded<$t, N> {
                const LIMIT: $t = if N >= <$t>::BITS { <$t>::MAX } else { ((1 as $t) << N) - 1 };

                /// The constant `V`; refuses (when evaluated) one that does not fit.
                pub const fn new<const V: $t>() -> Self {
                    assert!(V <= Self::LIMIT);
                    Self(V)
                }

                pub fn try_new(v: $t) -> Option<Self> {
                    if v <= Self::LIMIT { Some(Self(v)) } else { None }
                }

                pub fn get(self) -> $t {
                    self.0
                }
            }

            impl From<Bounded<$t, 1>> for bool {
                fn from(v: Bounded<$t, 1>) -> bool {
                    v.0 != 0
                }
            }

            impl From<bool> for Bounded<$t, 1> {
                fn from(v: bool) -> Self {
                    Self(v as $t)
                }
            }
        )*};
    }
    bounded_impl!(u8 u16 u32 u64);
}

pub mod error {
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Error(pub i32);

    pub mod code {
        pub const EINVAL: super::Error = super::Error(-22);
    }
}
