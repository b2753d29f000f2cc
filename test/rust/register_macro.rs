// SPDX-License-Identifier: MIT
//! A small `register!` of our own for the tests (written from the grammar the
//! kernel documents in rust/kernel/io/register.rs, none of its code): it
//! accepts the forms refgen writes and expands each register into consts a
//! test can check, instead of I/O accessors.
//!
//!   [docs] pub NAME(STORAGE) [N[, stride = S]] @ [BASE +] OFFSET {
//!       [docs] HI:LO field [=> bool | ?=> Type];
//!   }
//!
//! Per register: `NAME::OFFSET`, `SIZE` and `STRIDE` (1 and 0 for one
//! register), `BASE` (the marker type's name, "" for none) and `FIELDS`, the
//! fields in order.  `=> bool` and `?=> Type` fields also get a getter that
//! converts through `Bounded` as the kernel's macro does, so a generated enum
//! without the `TryFrom`/`From` the grammar needs does not compile.

/// One field as an invocation writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub hi: u32,
    pub lo: u32,
    /// "", "bool", or the enum's name.
    pub into: &'static str,
}

#[macro_export]
macro_rules! register {
    ($($(#[$attr:meta])* $vis:vis $name:ident ($storage:ty) $([$($array:tt)*])?
        @ $($base:ident +)? $offset:literal { $($fields:tt)* })*) => {$(
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $name { pub inner: $storage }

        #[allow(dead_code)]
        impl $name {
            pub const OFFSET: usize = $offset;
            pub const SIZE: usize = $crate::register!(@size [$($($array)*)?]);
            pub const STRIDE: usize = $crate::register!(@stride $storage [$($($array)*)?]);
            pub const BASE: &'static str = $crate::register!(@base [$($base)?]);
        }
        $(
        // The marker type must exist (mod.rs declares it).
        #[allow(dead_code)]
        const _: Option<$base> = None;
        )?
        $crate::register!(@fields $name $storage { $($fields)* });
    )*};

    (@size []) => { 1 };
    (@size [$n:literal]) => { $n };
    (@size [$n:literal, stride = $s:literal]) => { $n };
    (@stride $st:ty []) => { 0 };
    (@stride $st:ty [$n:literal]) => { ::core::mem::size_of::<$st>() };
    (@stride $st:ty [$n:literal, stride = $s:literal]) => { $s };
    (@base []) => { "" };
    (@base [$b:ident]) => { stringify!($b) };

    // The fields, matched as one repetition (no recursion a field).
    (@fields $name:ident $storage:ty {
        $($(#[doc = $doc:expr])* $hi:literal:$lo:literal $field:ident
            $(?=> $try_into:ty)? $(=> $into:ty)?;)*
    }) => {
        #[allow(dead_code)]
        impl $name {
            pub const FIELDS: &'static [$crate::register_macro::Field] = &[$(
                $crate::register_macro::Field {
                    name: stringify!($field), hi: $hi, lo: $lo,
                    into: $crate::register!(@into $(?=> $try_into)? $(=> $into)?),
                },
            )*];
        }
        $($crate::register!(@getter $name [$storage] $hi $lo $field $(?=> $try_into)? $(=> $into)?);)*
    };

    (@into) => { "" };
    (@into ?=> $t:ty) => { stringify!($t) };
    (@into => $t:ty) => { stringify!($t) };

    (@getter $name:ident [$storage:ty] $hi:literal $lo:literal $field:ident) => {};
    (@getter $name:ident [$storage:ty] $hi:literal $lo:literal $field:ident ?=> $t:ty) => {
        #[allow(dead_code)]
        impl $name {
            #[inline]
            pub fn $field(self) -> Result<$t, <$t as ::core::convert::TryFrom<$crate::num::Bounded<$storage, { $hi + 1 - $lo }>>>::Error> {
                let raw = (self.inner >> $lo) & (<$storage>::MAX >> (<$storage>::BITS - ($hi + 1 - $lo)));
                let b = $crate::num::Bounded::<$storage, { $hi + 1 - $lo }>::try_new(raw).unwrap();
                ::core::convert::TryFrom::try_from(b)
            }
        }
        // ?=> also needs the way back, for the setter.
        #[allow(dead_code)]
        const _: fn($t) -> $crate::num::Bounded<$storage, { $hi + 1 - $lo }> = ::core::convert::Into::into;
    };
    (@getter $name:ident [$storage:ty] $hi:literal $lo:literal $field:ident => $t:ty) => {
        #[allow(dead_code)]
        impl $name {
            #[inline]
            pub fn $field(self) -> $t {
                let raw = (self.inner >> $lo) & (<$storage>::MAX >> (<$storage>::BITS - ($hi + 1 - $lo)));
                $crate::num::Bounded::<$storage, { $hi + 1 - $lo }>::try_new(raw).unwrap().into()
            }
        }
        #[allow(dead_code)]
        const _: fn($t) -> $crate::num::Bounded<$storage, { $hi + 1 - $lo }> = ::core::convert::Into::into;
    };
}
