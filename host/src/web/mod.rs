//! # The web plumbing under both pages
//!
//! Above [`crate::records`], below [`crate::session`] and the two pages that serve
//! HTTP: the table's display (its players' screen and floor view) and the floor's
//! service (`tablectl floor serve`). Neither page names the other; what they share is
//! here, once:
//!
//! - [`listen`]: the bounded listener (connection limits, idle closing, timeouts);
//! - [`auth`]: the floor's token and host checks, for the table's floor view and the
//!   floor's service alike;
//! - [`http`]: the answers' headers and content security policies, the shared style
//!   sheet, the request checks (no body, the floor's guard);
//! - [`html`]: escaping and the floor pages' document;
//! - [`lang`]: the languages, listed once.

pub mod auth;
pub mod html;
pub mod http;
pub mod lang;
pub mod listen;

pub use lang::Lang;
