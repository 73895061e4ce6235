//! Ven Chess (rules: ../shared/rules/ven.md; decisions beyond them: docs/variants/ven.md).
