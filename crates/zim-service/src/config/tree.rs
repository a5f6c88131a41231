//! The JSON tree the layers (defaults, file, environment, command line) are merged on.

use serde_json::{Map, Value};

/// Deep merge: objects merge key by key, anything else replaces.
pub(super) fn merge(base: &mut Value, overlay: Value) {
    match (base, overlay) {
        (Value::Object(base), Value::Object(overlay)) => {
            for (k, v) in overlay {
                match base.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        base.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

pub(super) fn get_path<'a>(tree: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(tree, |node, key| node.get(key))
}

pub(super) fn set_path(tree: &mut Value, path: &[String], value: Value) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut node = tree;
    for key in parents {
        if !node.is_object() {
            *node = Value::Object(Map::new());
        }
        let Value::Object(map) = node else { return };
        node = map
            .entry(key.clone())
            .or_insert_with(|| Value::Object(Map::new()));
    }
    if let Value::Object(map) = node {
        map.insert(last.clone(), value);
    } else {
        let mut map = Map::new();
        map.insert(last.clone(), value);
        *node = Value::Object(map);
    }
}
