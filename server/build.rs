// `sqlx::migrate!` embeds ../migrations at build time; without this, a new
// migration file would not rebuild the server and would silently be missing.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
