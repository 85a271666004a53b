//! Reading a match's options against the option specs its system declares,
//! so that each option's kind, range, choices and default are written once,
//! in the spec a client is shown, and every system refuses a bad option in
//! the same words.

use fray_protocol::{MatchConfig, OptionKind, OptionSpec, OptionValue};

use crate::contract::SetupError;

/// A type whose values are a fixed list, each named by a machine key: the
/// values of a `Choice` option, the choices an action offers, or the armies,
/// troop types, traits, spells and terrains that lists, actions and views
/// name by key. Declaring `ALL` and `key` gives `from_key`, and the option
/// kind and default when the type is an option's.
pub trait Choice: Copy + 'static {
    /// Every value, in the order they are offered.
    const ALL: &'static [Self];

    /// The value's name in options, actions and stored matches.
    fn key(self) -> &'static str;

    fn from_key(key: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|value| value.key() == key)
    }

    /// The kind of an option whose values are this type's.
    fn option_kind() -> OptionKind {
        OptionKind::Choice {
            choices: Self::ALL
                .iter()
                .map(|value| value.key().to_string())
                .collect(),
        }
    }

    /// An option's default value of this type.
    fn option_value(self) -> OptionValue {
        OptionValue::Text(self.key().into())
    }
}

/// The spec of a whole-number option from `min` to `max`, both included.
pub fn int_option(
    key: &str,
    label: &str,
    (min, max): (i64, i64),
    default: u32,
    help: &str,
) -> OptionSpec {
    OptionSpec {
        key: key.into(),
        label: label.into(),
        kind: OptionKind::Int { min, max },
        default: OptionValue::Int(default.into()),
        help: help.into(),
    }
}

/// The spec of a `true` or `false` option.
pub fn flag_option(key: &str, label: &str, default: bool, help: &str) -> OptionSpec {
    OptionSpec {
        key: key.into(),
        label: label.into(),
        kind: OptionKind::Bool,
        default: OptionValue::Bool(default),
        help: help.into(),
    }
}

/// The spec of an option whose values are `T`'s keys.
pub fn choice_option<T: Choice>(key: &str, label: &str, default: T, help: &str) -> OptionSpec {
    OptionSpec {
        key: key.into(),
        label: label.into(),
        kind: T::option_kind(),
        default: default.option_value(),
        help: help.into(),
    }
}

/// A match's options, each checked against its system's spec: the getters
/// give an option's value, or its spec's default where the match set none.
#[derive(Debug, Clone, Copy)]
pub struct CheckedOptions<'a> {
    specs: &'a [OptionSpec],
    config: &'a MatchConfig,
}

impl<'a> CheckedOptions<'a> {
    /// Checks every option `config` sets against `specs`, the options of the
    /// system called `system`; the first refused, in key order, is the error.
    pub fn check(
        system: &str,
        specs: &'a [OptionSpec],
        config: &'a MatchConfig,
    ) -> Result<Self, SetupError> {
        for (key, value) in &config.options {
            let reason = match specs.iter().find(|spec| spec.key == *key) {
                Some(spec) => refusal(&spec.kind, value),
                None => Some(unknown_option(system, specs)),
            };
            if let Some(reason) = reason {
                return Err(SetupError::BadOption {
                    key: key.clone(),
                    reason,
                });
            }
        }
        Ok(CheckedOptions { specs, config })
    }

    /// A whole-number option.
    ///
    /// # Panics
    /// If `key` is not an `Int` option of the specs, or its range does not
    /// fit `T`: both mistakes in the system's specs, not in a match.
    pub fn int<T: TryFrom<i64>>(&self, key: &str) -> T {
        let OptionValue::Int(n) = self.value(key, |kind| matches!(kind, OptionKind::Int { .. }))
        else {
            panic!("option '{key}': its default is not a whole number");
        };
        T::try_from(*n)
            .unwrap_or_else(|_| panic!("option '{key}': its range does not fit its setting"))
    }

    /// A `true` or `false` option.
    ///
    /// # Panics
    /// If `key` is not a `Bool` option of the specs.
    pub fn flag(&self, key: &str) -> bool {
        match self.value(key, |kind| matches!(kind, OptionKind::Bool)) {
            OptionValue::Bool(on) => *on,
            _ => panic!("option '{key}': its default is not true or false"),
        }
    }

    /// A `Choice` option, as the type whose keys are its choices.
    ///
    /// # Panics
    /// If `key` is not a `Choice` option of the specs, or a choice it allows
    /// is not a key of `T`.
    pub fn choice<T: Choice>(&self, key: &str) -> T {
        match self.value(key, |kind| matches!(kind, OptionKind::Choice { .. })) {
            OptionValue::Text(text) => T::from_key(text)
                .unwrap_or_else(|| panic!("option '{key}': '{text}' is not one of its values")),
            _ => panic!("option '{key}': its default is not text"),
        }
    }

    /// The value the match set, or the spec's default.
    fn value(&self, key: &str, is_kind: impl Fn(&OptionKind) -> bool) -> &'a OptionValue {
        let spec = self
            .specs
            .iter()
            .find(|spec| spec.key == key)
            .unwrap_or_else(|| panic!("no option '{key}' among the system's specs"));
        assert!(
            is_kind(&spec.kind),
            "option '{key}' is read as another kind"
        );
        self.config.options.get(key).unwrap_or(&spec.default)
    }
}

/// Why `value` is not one `kind` allows; none if it is.
fn refusal(kind: &OptionKind, value: &OptionValue) -> Option<String> {
    match (kind, value) {
        (OptionKind::Bool, OptionValue::Bool(_)) => None,
        (OptionKind::Bool, _) => Some("must be true or false".into()),
        (OptionKind::Int { min, max }, OptionValue::Int(n)) if (min..=max).contains(&n) => None,
        (OptionKind::Int { min, max }, _) => {
            Some(format!("must be a whole number from {min} to {max}"))
        }
        (OptionKind::Choice { choices }, OptionValue::Text(text)) if choices.contains(text) => None,
        (OptionKind::Choice { choices }, _) => {
            Some(format!("must be one of {}", choices.join(", ")))
        }
    }
}

fn unknown_option(system: &str, specs: &[OptionSpec]) -> String {
    let keys: Vec<&str> = specs.iter().map(|spec| spec.key.as_str()).collect();
    match keys.as_slice() {
        [] => format!("{system} has no options"),
        [only] => format!("{system} has no such option; its option is {only}"),
        [rest @ .., last] => format!(
            "{system} has no such option; its options are {} and {last}",
            rest.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests;
