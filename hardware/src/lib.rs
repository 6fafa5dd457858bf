//! Devices of the table controller.
