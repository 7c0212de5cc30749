"""Pirates house rules on a square grid. The catalogue of its words is loaded with the
package, so that any of its problems can be worded."""
from rules.pirates import wording as _wording  # noqa: F401
