// Written by scripts/update-translations from
// Sources/SecureBridge/Resources/Localizations/<language>.lproj/Localizable.strings:
// edit those files, then run the script. EmbeddedTranslationsTests checks that they agree.

extension WidgetLanguage {
    /// The language's `Localizable.strings`, byte for byte.
    var localizableStrings: StaticString {
        switch self {
        case .english:
            #"""
/* SecureBridge widget text: en. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "Accounts";

/* Title of a spending widget whose month is unknown. */
"Spending" = "Spending";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "Spending %@";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "Open SecureBridge to set up your widget";

/* Placeholder after logout. */
"Log in to see your accounts" = "Log in to see your accounts";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "Your session has ended: log in again";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "No account data to show yet";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "Open SecureBridge to refresh your accounts";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "Your accounts will show again in a moment";
"Unlock your keyring to see your accounts" = "Unlock your keyring to see your accounts";
"Unlock your device to see your accounts" = "Unlock your device to see your accounts";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "Open SecureBridge to see your accounts";

/* Last update less than a minute away. */
"just now" = "just now";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "%@ ago";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "in %@";

/* Short state word: the data is past its soft expiry. */
"stale" = "stale";

/* Label before the month's total spending. */
"spent" = "spent";

/* Label before the month's total income. */
"received" = "received";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "updated %@";

/* Caption over the time of the last update. */
"Last updated" = "Last updated";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "Last updated %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "Updated %@";

/* Caption of the main account. */
"Main account" = "Main account";

/* Caption of an account that is not the main one. */
"Account" = "Account";

/* Caption of the month's total spending. */
"Spent" = "Spent";

/* Caption of the month's total income. */
"Received" = "Received";

/* Button of the placeholder before onboarding. */
"Set up" = "Set up";

/* Button of the placeholder after logout. */
"Log in" = "Log in";

/* Button of the other placeholders. */
"Open app" = "Open app";

/* Flag: the data is past its soft expiry. */
"Stale" = "Stale";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "Locked";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "Hidden";

/* Flag: amounts hidden on a locked screen. */
"Private" = "Private";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "Expired";

/* Flag: amounts hidden for another reason. */
"Masked" = "Masked";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "Sample · last updated";

/* Marks built-in sample data. */
"sample" = "sample";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "Screen locked";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "locked";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "hidden";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "private";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "screen locked";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "expired";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "Amounts hidden while the app is locked";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "Amounts hidden: you chose to hide balances";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "Amounts hidden in a private context";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "Amounts hidden while the screen is locked";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "Amounts hidden: the data has expired";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "Amounts hidden";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "amount hidden";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "minus %@";

"""#
        case .german:
            #"""
/* SecureBridge widget text: de. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "Konten";

/* Title of a spending widget whose month is unknown. */
"Spending" = "Ausgaben";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "Ausgaben %@";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "Öffnen Sie SecureBridge, um Ihr Widget einzurichten";

/* Placeholder after logout. */
"Log in to see your accounts" = "Melden Sie sich an, um Ihre Konten zu sehen";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "Ihre Sitzung ist abgelaufen: Melden Sie sich erneut an";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "Noch keine Kontodaten vorhanden";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "Öffnen Sie SecureBridge, um Ihre Konten zu aktualisieren";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "Ihre Konten werden gleich wieder angezeigt";
"Unlock your keyring to see your accounts" = "Entsperren Sie Ihren Schlüsselbund, um Ihre Konten zu sehen";
"Unlock your device to see your accounts" = "Entsperren Sie Ihr Gerät, um Ihre Konten zu sehen";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "Öffnen Sie SecureBridge, um Ihre Konten zu sehen";

/* Last update less than a minute away. */
"just now" = "gerade eben";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "vor %@";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "in %@";

/* Short state word: the data is past its soft expiry. */
"stale" = "veraltet";

/* Label before the month's total spending. */
"spent" = "ausgegeben";

/* Label before the month's total income. */
"received" = "erhalten";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "aktualisiert %@";

/* Caption over the time of the last update. */
"Last updated" = "Zuletzt aktualisiert";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "Zuletzt aktualisiert %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "Aktualisiert %@";

/* Caption of the main account. */
"Main account" = "Hauptkonto";

/* Caption of an account that is not the main one. */
"Account" = "Konto";

/* Caption of the month's total spending. */
"Spent" = "Ausgegeben";

/* Caption of the month's total income. */
"Received" = "Erhalten";

/* Button of the placeholder before onboarding. */
"Set up" = "Einrichten";

/* Button of the placeholder after logout. */
"Log in" = "Anmelden";

/* Button of the other placeholders. */
"Open app" = "App öffnen";

/* Flag: the data is past its soft expiry. */
"Stale" = "Veraltet";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "Gesperrt";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "Ausgeblendet";

/* Flag: amounts hidden on a locked screen. */
"Private" = "Privat";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "Abgelaufen";

/* Flag: amounts hidden for another reason. */
"Masked" = "Verborgen";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "Beispiel · zuletzt aktualisiert";

/* Marks built-in sample data. */
"sample" = "Beispiel";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "Bildschirm gesperrt";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "gesperrt";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "ausgeblendet";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "privat";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "Bildschirm gesperrt";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "abgelaufen";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "Beträge ausgeblendet, solange die App gesperrt ist";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "Beträge ausgeblendet: Sie haben die Salden ausgeblendet";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "Beträge in privater Umgebung ausgeblendet";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "Beträge ausgeblendet, solange der Bildschirm gesperrt ist";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "Beträge ausgeblendet: Die Daten sind abgelaufen";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "Beträge ausgeblendet";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "Betrag ausgeblendet";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "minus %@";

"""#
        case .french:
            #"""
/* SecureBridge widget text: fr. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "Comptes";

/* Title of a spending widget whose month is unknown. */
"Spending" = "Dépenses";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "Dépenses %@";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "Ouvrez SecureBridge pour configurer votre widget";

/* Placeholder after logout. */
"Log in to see your accounts" = "Connectez-vous pour voir vos comptes";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "Votre session a pris fin : reconnectez-vous";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "Aucune donnée de compte à afficher pour l’instant";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "Ouvrez SecureBridge pour actualiser vos comptes";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "Vos comptes s’afficheront de nouveau dans un instant";
"Unlock your keyring to see your accounts" = "Déverrouillez votre trousseau pour voir vos comptes";
"Unlock your device to see your accounts" = "Déverrouillez votre appareil pour voir vos comptes";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "Ouvrez SecureBridge pour voir vos comptes";

/* Last update less than a minute away. */
"just now" = "à l’instant";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "il y a %@";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "dans %@";

/* Short state word: the data is past its soft expiry. */
"stale" = "périmé";

/* Label before the month's total spending. */
"spent" = "dépensé";

/* Label before the month's total income. */
"received" = "reçu";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "mis à jour %@";

/* Caption over the time of the last update. */
"Last updated" = "Dernière mise à jour";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "Dernière mise à jour %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "Mis à jour %@";

/* Caption of the main account. */
"Main account" = "Compte principal";

/* Caption of an account that is not the main one. */
"Account" = "Compte";

/* Caption of the month's total spending. */
"Spent" = "Dépensé";

/* Caption of the month's total income. */
"Received" = "Reçu";

/* Button of the placeholder before onboarding. */
"Set up" = "Configurer";

/* Button of the placeholder after logout. */
"Log in" = "Se connecter";

/* Button of the other placeholders. */
"Open app" = "Ouvrir l’app";

/* Flag: the data is past its soft expiry. */
"Stale" = "Périmé";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "Verrouillé";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "Masqué";

/* Flag: amounts hidden on a locked screen. */
"Private" = "Privé";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "Expiré";

/* Flag: amounts hidden for another reason. */
"Masked" = "Occulté";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "Exemple · dernière mise à jour";

/* Marks built-in sample data. */
"sample" = "exemple";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "Écran verrouillé";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "verrouillé";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "masqué";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "privé";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "écran verrouillé";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "expiré";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "Montants masqués tant que l’app est verrouillée";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "Montants masqués : vous avez choisi de masquer les soldes";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "Montants masqués dans un contexte privé";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "Montants masqués tant que l’écran est verrouillé";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "Montants masqués : les données ont expiré";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "Montants masqués";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "montant masqué";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "moins %@";

"""#
        case .spanish:
            #"""
/* SecureBridge widget text: es. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "Cuentas";

/* Title of a spending widget whose month is unknown. */
"Spending" = "Gastos";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "Gastos %@";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "Abre SecureBridge para configurar tu widget";

/* Placeholder after logout. */
"Log in to see your accounts" = "Inicia sesión para ver tus cuentas";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "Tu sesión ha terminado: vuelve a iniciar sesión";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "Aún no hay datos de cuentas que mostrar";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "Abre SecureBridge para actualizar tus cuentas";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "Tus cuentas volverán a mostrarse en un momento";
"Unlock your keyring to see your accounts" = "Desbloquea tu llavero para ver tus cuentas";
"Unlock your device to see your accounts" = "Desbloquea tu dispositivo para ver tus cuentas";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "Abre SecureBridge para ver tus cuentas";

/* Last update less than a minute away. */
"just now" = "ahora mismo";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "hace %@";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "dentro de %@";

/* Short state word: the data is past its soft expiry. */
"stale" = "desactualizado";

/* Label before the month's total spending. */
"spent" = "gastado";

/* Label before the month's total income. */
"received" = "recibido";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "actualizado %@";

/* Caption over the time of the last update. */
"Last updated" = "Última actualización";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "Última actualización %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "Actualizado %@";

/* Caption of the main account. */
"Main account" = "Cuenta principal";

/* Caption of an account that is not the main one. */
"Account" = "Cuenta";

/* Caption of the month's total spending. */
"Spent" = "Gastado";

/* Caption of the month's total income. */
"Received" = "Recibido";

/* Button of the placeholder before onboarding. */
"Set up" = "Configurar";

/* Button of the placeholder after logout. */
"Log in" = "Iniciar sesión";

/* Button of the other placeholders. */
"Open app" = "Abrir app";

/* Flag: the data is past its soft expiry. */
"Stale" = "Desactualizado";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "Bloqueado";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "Oculto";

/* Flag: amounts hidden on a locked screen. */
"Private" = "Privado";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "Caducado";

/* Flag: amounts hidden for another reason. */
"Masked" = "Enmascarado";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "Ejemplo · última actualización";

/* Marks built-in sample data. */
"sample" = "ejemplo";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "Pantalla bloqueada";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "bloqueado";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "oculto";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "privado";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "pantalla bloqueada";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "caducado";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "Importes ocultos mientras la app está bloqueada";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "Importes ocultos: elegiste ocultar los saldos";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "Importes ocultos en un contexto privado";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "Importes ocultos mientras la pantalla está bloqueada";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "Importes ocultos: los datos han caducado";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "Importes ocultos";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "importe oculto";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "menos %@";

"""#
        case .japanese:
            #"""
/* SecureBridge widget text: ja. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "口座";

/* Title of a spending widget whose month is unknown. */
"Spending" = "支出";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "%@の支出";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "SecureBridge を開いてウィジェットを設定してください";

/* Placeholder after logout. */
"Log in to see your accounts" = "ログインして口座を表示してください";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "セッションが終了しました。もう一度ログインしてください";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "表示できる口座データはまだありません";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "SecureBridge を開いて口座を更新してください";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "まもなく口座が再表示されます";
"Unlock your keyring to see your accounts" = "口座を表示するにはキーリングのロックを解除してください";
"Unlock your device to see your accounts" = "口座を表示するにはデバイスのロックを解除してください";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "SecureBridge を開いて口座を表示してください";

/* Last update less than a minute away. */
"just now" = "たった今";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "%@前";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "%@後";

/* Short state word: the data is past its soft expiry. */
"stale" = "古いデータ";

/* Label before the month's total spending. */
"spent" = "支出";

/* Label before the month's total income. */
"received" = "入金";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "%@に更新";

/* Caption over the time of the last update. */
"Last updated" = "最終更新";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "最終更新 %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "%@に更新";

/* Caption of the main account. */
"Main account" = "メイン口座";

/* Caption of an account that is not the main one. */
"Account" = "口座";

/* Caption of the month's total spending. */
"Spent" = "支出";

/* Caption of the month's total income. */
"Received" = "入金";

/* Button of the placeholder before onboarding. */
"Set up" = "設定";

/* Button of the placeholder after logout. */
"Log in" = "ログイン";

/* Button of the other placeholders. */
"Open app" = "アプリを開く";

/* Flag: the data is past its soft expiry. */
"Stale" = "古い";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "ロック中";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "非表示";

/* Flag: amounts hidden on a locked screen. */
"Private" = "プライベート";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "期限切れ";

/* Flag: amounts hidden for another reason. */
"Masked" = "マスク中";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "サンプル · 最終更新";

/* Marks built-in sample data. */
"sample" = "サンプル";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "画面ロック中";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "ロック中";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "非表示";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "プライベート";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "画面ロック中";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "期限切れ";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "アプリがロック中のため金額を非表示";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "残高を隠す設定のため金額を非表示";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "プライバシー保護のため金額を非表示";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "画面がロック中のため金額を非表示";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "データの有効期限が切れたため金額を非表示";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "金額を非表示";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "金額は非表示";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "マイナス%@";

"""#
        case .arabic:
            #"""
/* SecureBridge widget text: ar. The key is the English text. */

/* Title of a balance widget that lists several accounts. */
"Accounts" = "الحسابات";

/* Title of a spending widget whose month is unknown. */
"Spending" = "الإنفاق";

/* Title of a spending widget; %@ is the month and year, as the locale writes them. */
"Spending %@" = "الإنفاق %@";

/* Placeholder before the user has onboarded. */
"Open SecureBridge to set up your widget" = "افتح SecureBridge لإعداد الأداة";

/* Placeholder after logout. */
"Log in to see your accounts" = "سجّل الدخول لعرض حساباتك";

/* Placeholder when the session has expired. */
"Your session has ended: log in again" = "انتهت جلستك: سجّل الدخول مرة أخرى";

/* Placeholder when no snapshot has been published. */
"No account data to show yet" = "لا توجد بيانات حسابات لعرضها بعد";

/* Placeholder when a snapshot failed a check. */
"Open SecureBridge to refresh your accounts" = "افتح SecureBridge لتحديث حساباتك";

/* Placeholder while the shared files cannot be read. */
"Your accounts will show again in a moment" = "ستظهر حساباتك مجددًا بعد لحظات";
"Unlock your keyring to see your accounts" = "افتح سلسلة المفاتيح لعرض حساباتك";
"Unlock your device to see your accounts" = "افتح قفل جهازك لعرض حساباتك";

/* Placeholder when amounts may not be shown. */
"Open SecureBridge to see your accounts" = "افتح SecureBridge لعرض حساباتك";

/* Last update less than a minute away. */
"just now" = "الآن";

/* A past time; %@ is a duration such as 5 min. */
"%@ ago" = "قبل %@";

/* A future time; %@ is a duration such as 5 min. */
"in %@" = "بعد %@";

/* Short state word: the data is past its soft expiry. */
"stale" = "قديمة";

/* Label before the month's total spending. */
"spent" = "المصروف";

/* Label before the month's total income. */
"received" = "المستلم";

/* When the data was published; %@ is a relative time such as 5 min ago. */
"updated %@" = "آخر تحديث %@";

/* Caption over the time of the last update. */
"Last updated" = "آخر تحديث";

/* Caption with the time of the last update; %@ is a relative time. */
"Last updated %@" = "آخر تحديث %@";

/* Short caption with the time of the last update; %@ is a relative time. */
"Updated %@" = "تحديث %@";

/* Caption of the main account. */
"Main account" = "الحساب الرئيسي";

/* Caption of an account that is not the main one. */
"Account" = "حساب";

/* Caption of the month's total spending. */
"Spent" = "المصروف";

/* Caption of the month's total income. */
"Received" = "المستلم";

/* Button of the placeholder before onboarding. */
"Set up" = "إعداد";

/* Button of the placeholder after logout. */
"Log in" = "تسجيل الدخول";

/* Button of the other placeholders. */
"Open app" = "فتح التطبيق";

/* Flag: the data is past its soft expiry. */
"Stale" = "قديمة";

/* Flag: amounts hidden while the app is locked. */
"Locked" = "مقفل";

/* Flag: amounts hidden by the user's preference. */
"Hidden" = "مخفي";

/* Flag: amounts hidden on a locked screen. */
"Private" = "خاص";

/* Flag: amounts hidden because the data is too old. */
"Expired" = "منتهي";

/* Flag: amounts hidden for another reason. */
"Masked" = "محجوب";
/* Caption over the update time of built-in sample data. */
"Sample · last updated" = "مثال · آخر تحديث";

/* Marks built-in sample data. */
"sample" = "مثال";

/* Flag: amounts hidden while the desktop session is locked. */
"Screen locked" = "الشاشة مقفلة";

/* Status-bar line: after ' · ', amounts hidden while the app is locked. */
"locked" = "مقفل";

/* Status-bar line: after ' · ', amounts hidden by the user's preference. */
"hidden" = "مخفي";

/* Status-bar line: after ' · ', amounts hidden in a privacy context. */
"private" = "خاص";

/* Status-bar line: after ' · ', amounts hidden while the desktop session is locked. */
"screen locked" = "الشاشة مقفلة";

/* Status-bar line: after ' · ', amounts hidden because the data is too old. */
"expired" = "منتهي";

/* Status-bar tooltip: why the amounts are hidden (the app is locked). */
"Amounts hidden while the app is locked" = "المبالغ مخفية لأن التطبيق مقفل";

/* Status-bar tooltip: why the amounts are hidden (the user's preference). */
"Amounts hidden: you chose to hide balances" = "المبالغ مخفية: اخترت إخفاء الأرصدة";

/* Status-bar tooltip: why the amounts are hidden (a privacy context). */
"Amounts hidden in a private context" = "المبالغ مخفية في سياق خاص";

/* Status-bar tooltip: why the amounts are hidden (the desktop session is locked). */
"Amounts hidden while the screen is locked" = "المبالغ مخفية لأن الشاشة مقفلة";

/* Status-bar tooltip: why the amounts are hidden (the data is too old). */
"Amounts hidden: the data has expired" = "المبالغ مخفية: انتهت صلاحية البيانات";

/* Status-bar tooltip: amounts hidden for another reason. */
"Amounts hidden" = "المبالغ مخفية";


/* Screen-reader label of an amount that is hidden (masked). */
"amount hidden" = "المبلغ مخفي";

/* Screen-reader label of an amount below zero; %@ is the amount with its currency's name in words. */
"minus %@" = "سالب %@";

"""#
        }
    }
}
