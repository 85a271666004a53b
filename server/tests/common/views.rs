//! Comparing views as JSON: a view a page built with its `apply` against
//! the one the server sends, where either may leave out what is empty.

use serde_json::Value;

/// Where `page` differs from `server`, as paths and both sides; empty
/// parts (null, [], {}) count as left out on either side.
pub fn view_differences(page: &Value, server: &Value) -> Vec<String> {
    let mut out = Vec::new();
    differ(
        "view",
        &without_empties(page),
        &without_empties(server),
        &mut out,
    );
    out
}

/// A value without its empty parts: the server leaves some out when
/// empty, and a view built by applying effects may hold them.
fn without_empties(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), without_empties(v)))
                .filter(|(_, v)| !is_empty(v))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_empties).collect()),
        other => other.clone(),
    }
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        _ => false,
    }
}

fn differ(path: &str, page: &Value, server: &Value, out: &mut Vec<String>) {
    match (page, server) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for key in keys {
                differ(
                    &format!("{path}.{key}"),
                    a.get(key).unwrap_or(&Value::Null),
                    b.get(key).unwrap_or(&Value::Null),
                    out,
                );
            }
        }
        (a, b) if a != b => out.push(format!("{path}: page {a}, server {b}")),
        _ => {}
    }
}
