/// The formats the widget side reads, whose types its public API names (`WidgetProvider(home:)`).
@_exported import SecureBridgeFormats
