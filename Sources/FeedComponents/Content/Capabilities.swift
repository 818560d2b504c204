// Capabilities of content, as in the seed: a modifier is offered only where the content has the
// matching capability, so `.onTouch` on a notice, or `.onToggle` on an account row, does not compile.
//
// They add no requirements beyond `ContentView`; conforming is the content's statement that the phone
// draws it with that control (a touch target, a button, a switch, a close mark).

/// Content a person can tap as a whole, such as an account row.
public protocol Touchable: ContentView {}

/// Content with a button, such as a notice's "자세히 보기" or an empty state's call to action.
public protocol ContainsButton: ContentView {}

/// Content with an on/off switch.
public protocol ContainsSwitch: ContentView {}

/// Content a person can close, such as a notice.
public protocol Dismissible: ContentView {}
