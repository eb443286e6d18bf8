<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="107"/>
        <source>About Durak on the LAN</source>
        <translation>О программе «Дурак по сети»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="119"/>
        <source>compiled engine</source>
        <translation>скомпилированный движок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="120"/>
        <source>pure Python engine: slower, see README</source>
        <translation>движок на чистом Python: медленнее, см. README</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="124"/>
        <source>%1 (the compiled engine is not used: %2)</source>
        <translation>%1 (скомпилированный движок не используется: %2)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="131"/>
        <source>see the package</source>
        <translation>см. пакет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="141"/>
        <source>Library</source>
        <translation>Библиотека</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="141"/>
        <source>Version</source>
        <translation>Версия</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="141"/>
        <source>Licence</source>
        <translation>Лицензия</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="143"/>
        <source>Version: %1</source>
        <translation>Версия: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="145"/>
        <source>Protocol version: %1</source>
        <translation>Версия протокола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="148"/>
        <source>Durak on the LAN is free software under the %1 licence.</source>
        <translation>«Дурак по сети» — свободная программа под лицензией %1.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="152"/>
        <source>It runs on these libraries, each under its own licence (Qt %1 comes with PySide6, under the same licence):</source>
        <translation>Она работает на этих библиотеках, у каждой своя лицензия (Qt %1 входит в PySide6, под той же лицензией):</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="156"/>
        <source>Durak on the LAN</source>
        <translation>Дурак по сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/about.py" line="156"/>
        <source>Licences</source>
        <translation>Лицензии</translation>
    </message>
</context>
<context>
    <name>BotLevels</name>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="41"/>
        <source>Easy</source>
        <translation>Лёгкий</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="42"/>
        <source>Normal</source>
        <translation>Обычный</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="43"/>
        <source>Hard (thinks ahead)</source>
        <translation>Сильный (думает наперёд)</translation>
    </message>
</context>
<context>
    <name>Cards</name>
    <message>
        <location filename="../../durak_qt/card_text.py" line="18"/>
        <source>a hidden card</source>
        <translation>закрытая карта</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="21"/>
        <source>red joker</source>
        <translation>красный джокер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="22"/>
        <source>black joker</source>
        <translation>чёрный джокер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="34"/>
        <source>clubs</source>
        <translation>трефы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="35"/>
        <source>diamonds</source>
        <translation>бубны</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="36"/>
        <source>hearts</source>
        <translation>червы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="37"/>
        <source>spades</source>
        <translation>пики</translation>
    </message>
    <message>
        <location filename="../../durak_qt/card_text.py" line="40"/>
        <source>no trump</source>
        <translation>без козыря</translation>
    </message>
</context>
<context>
    <name>CreateTableDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="170"/>
        <source>Nobody</source>
        <translation>Никто</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="170"/>
        <source>How many people may watch at once; they never see a hidden card</source>
        <translation>Сколько человек могут смотреть одновременно; скрытых карт они не видят никогда</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="170"/>
        <source>They may chat</source>
        <translation>Могут писать в чат</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="170"/>
        <source>Spectators</source>
        <translation>Зрители</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="111"/>
        <source>Create a table</source>
        <translation>Новый стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="114"/>
        <source>%1&apos;s table</source>
        <translation>Стол %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="116"/>
        <source>Table name</source>
        <translation>Название стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="125"/>
        <source>Not playable at a table yet: %1</source>
        <translation>Пока нельзя играть за столом: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="130"/>
        <source>Rules…</source>
        <translation>Правила…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="131"/>
        <source>How this game is played (F1)</source>
        <translation>Как играют в эту игру (F1)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="136"/>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="144"/>
        <source>Seats</source>
        <translation>Мест</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="147"/>
        <source>Bots to fill seats</source>
        <translation>Ботов на свободные места</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="152"/>
        <source>Bot level</source>
        <translation>Уровень ботов</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="158"/>
        <source>Everyone at this table gets this long per move; then they take, or pass (Bito)</source>
        <translation>Столько времени на ход у каждого за этим столом; потом игрок берёт или говорит «Бито»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="161"/>
        <source>Move timer</source>
        <translation>Таймер хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="162"/>
        <source>Ask for a password</source>
        <translation>Вход по паролю</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs/options.py" line="170"/>
        <source>%n cards</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="171"/>
        <source>Deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="174"/>
        <source>Anyone, any time</source>
        <translation>Любой, в любой момент</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="173"/>
        <source>The attacker first, then clockwise (Bito)</source>
        <translation>Заходящий, затем по часовой («Бито»)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="177"/>
        <source>The lead attacker throws in first; his “Bito” hands the right to the next attacker clockwise; the bout ends when every attacker has said “Bito” in a row</source>
        <translation>Первым подкидывает заходящий; его «Бито» передаёт право следующему атакующему по часовой стрелке; кон кончается, когда все атакующие подряд сказали «Бито»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="180"/>
        <source>Anyone but the defender throws in at any time</source>
        <translation>Подкидывать может любой, кроме отбивающегося, в любой момент</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="188"/>
        <source>Throwing in</source>
        <translation>Подкидывание</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="189"/>
        <source>At most 5 cards in the first bout</source>
        <translation>В первом отбое не больше 5 карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="191"/>
        <source>Six players in three pairs</source>
        <translation>Шестеро играют тремя парами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="194"/>
        <source>Team play: with six seats, three teams of two partners sitting opposite each other instead of two teams of three; with four seats it is always two pairs</source>
        <translation>Командная игра: при шести местах — три команды по два партнёра, сидящих друг напротив друга, вместо двух команд по трое; вчетвером всегда играют две пары</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="204"/>
        <source>Open the table</source>
        <translation>Открыть стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="250"/>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
</context>
<context>
    <name>Cross</name>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="97"/>
        <source>The line (the stake)</source>
        <translation>Линия (кон)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="103"/>
        <source>Closed %1 of %2</source>
        <translation>Закрыто %1 из %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="107"/>
        <source>The chain goes to waste after as many closes as it had players, less one</source>
        <translation>Цепочка уходит в отбой, когда её закроют столько раз, сколько в ней было игроков, без одного</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="147"/>
        <source>trump</source>
        <translation>козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="149"/>
        <source>Diamonds are trump: a diamond closes hearts and spades; clubs are closed only by clubs, diamonds only by diamonds</source>
        <translation>Бубны — козыри: бубна закрывает черви и пики; трефы закрывают только трефами, бубны — только бубнами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="242"/>
        <source>The deck: click to draw (D)</source>
        <translation>Колода: щёлкните, чтобы взять карту (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="243"/>
        <source>The deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="245"/>
        <source>Cards gone to waste</source>
        <translation>Карты в отбое</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="247"/>
        <source>%1: the top card of its pile</source>
        <translation>%1: верхняя карта стопки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="257"/>
        <source>Game over: %1 is the fool</source>
        <translation>Игра окончена: %1 — дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="260"/>
        <source>Game over: nobody is the fool</source>
        <translation>Игра окончена: дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="265"/>
        <source>Your turn to build: click the deck or press D</source>
        <translation>Ваша очередь собирать: щёлкните колоду или нажмите D</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="267"/>
        <source>Your lead: click any card</source>
        <translation>Ваш ход: щёлкните любую карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="270"/>
        <source>Close %1 with a lit card, or take the bottom card (T)</source>
        <translation>Закройте %1 подсвеченной картой или возьмите нижнюю карту (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="272"/>
        <source>Close %1 with a lit card</source>
        <translation>Закройте %1 подсвеченной картой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="274"/>
        <source>Nothing closes %1: take the bottom card (T)</source>
        <translation>%1 нечем закрыть: возьмите нижнюю карту (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="278"/>
        <source>Mouse: click the deck to draw while building; in play click a lit card.
Keys: D draw, ←/→ choose a card, Enter play it, T take the bottom card.</source>
        <translation>Мышь: щёлкните колоду, чтобы взять карту, пока собираются стопки; в игре щёлкните подсвеченную карту.
Клавиши: D взять, ←/→ выбрать карту, Enter сыграть её, T взять нижнюю карту.</translation>
    </message>
</context>
<context>
    <name>CrossCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Колода: %n карта</numerusform>
            <numerusform>Колода: %n карты</numerusform>
            <numerusform>Колода: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="27"/>
        <source>Gone to waste: %n card(s)</source>
        <translation>
            <numerusform>В отбое %n карта</numerusform>
            <numerusform>В отбое %n карты</numerusform>
            <numerusform>В отбое %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="31"/>
        <source>%1 drew the last card and takes the line: %n card(s)</source>
        <translation>
            <numerusform>%1 берёт последнюю карту и забирает линию: %n карту</numerusform>
            <numerusform>%1 берёт последнюю карту и забирает линию: %n карты</numerusform>
            <numerusform>%1 берёт последнюю карту и забирает линию: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="35"/>
        <source>The chain of %n card(s) goes to waste</source>
        <translation>
            <numerusform>Цепочка из %n карты уходит в отбой</numerusform>
            <numerusform>Цепочка из %n карт уходит в отбой</numerusform>
            <numerusform>Цепочка из %n карт уходит в отбой</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CrossLog</name>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="61"/>
        <source>%1 is laid on the line (the stake)</source>
        <translation>%1 кладётся на линию (на кон)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="63"/>
        <source>%1 is dealt %2 face up</source>
        <translation>%1 получает открытую карту %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="66"/>
        <source>%1 turns up %2</source>
        <translation>%1 открывает %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="70"/>
        <source>%1 lays %2 on the line</source>
        <translation>%1 кладёт %2 на линию</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="75"/>
        <source>%1 lays %2 on %3&apos;s pile</source>
        <translation>%1 кладёт %2 на стопку игрока %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="82"/>
        <source>%1 keeps %2; the turn passes</source>
        <translation>%1 оставляет %2 себе; очередь переходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="89"/>
        <source>The play begins: %1 holds the lowest diamond and leads</source>
        <translation>Начинается игра: у %1 младшая бубна, он ходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="93"/>
        <source>%1 leads %2</source>
        <translation>%1 ходит: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="96"/>
        <source>%1 closes %2 with %3</source>
        <translation>%1 закрывает %2 картой %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="103"/>
        <source>%1 takes the bottom card %2</source>
        <translation>%1 берёт нижнюю карту %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="110"/>
        <source>%1 has no cards left</source>
        <translation>%1: карт больше нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="112"/>
        <source>The same position came back three times: the game ends with no fool</source>
        <translation>Одна и та же позиция повторилась трижды: игра кончается без дурака</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="117"/>
        <source>Nobody is the fool</source>
        <translation>Дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="118"/>
        <source>%1 is left holding cards: the fool</source>
        <translation>%1 остаётся с картами: дурак</translation>
    </message>
</context>
<context>
    <name>Czech</name>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="91"/>
        <source>Deck empty</source>
        <translation>Колода пуста</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="117"/>
        <source>ordered</source>
        <translation>заказана</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="109"/>
        <source>Ordered suit: play %1 or a card that orders</source>
        <translation>Заказанная масть: ходите %1 или картой, которая заказывает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="122"/>
        <source>Ordered: %1</source>
        <translation>Заказано: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="190"/>
        <source>Order %1 (key %2)</source>
        <translation>Заказать %1 (клавиша %2)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="229"/>
        <source>The deck: click to draw a card (D)</source>
        <translation>Колода: щёлкните, чтобы взять карту (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="230"/>
        <source>The deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="232"/>
        <source>The discard pile</source>
        <translation>Стопка сброса</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="266"/>
        <source>Game over: %1 wins</source>
        <translation>Игра окончена: победил(а) %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="269"/>
        <source>Game over: nobody went out</source>
        <translation>Игра окончена: никто не избавился от карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="274"/>
        <source>Order a suit: click it, or press C, D, H or S</source>
        <translation>Закажите масть: щёлкните её или нажмите C, D, H или S</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="276"/>
        <source>Play on: a lit card, or draw (D)</source>
        <translation>Ходите дальше: подсвеченной картой, или возьмите (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="278"/>
        <source>Your move: play a lit card or draw (D)</source>
        <translation>Ваш ход: положите подсвеченную карту или возьмите (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="280"/>
        <source>Play a lit card or pass (P)</source>
        <translation>Положите подсвеченную карту или пропустите ход (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="282"/>
        <source>No card fits: draw (D)</source>
        <translation>Подходящей карты нет: возьмите (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="284"/>
        <source>Nothing fits and nothing to draw: pass (P)</source>
        <translation>Нечем ходить и нечего брать: пропустите ход (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="286"/>
        <source>Your move: play a lit card</source>
        <translation>Ваш ход: положите подсвеченную карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="288"/>
        <source>%1 ordered · </source>
        <translation>Заказано: %1 · </translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="292"/>
        <source>Mouse: click a lit card to play it, the deck to draw, a suit to order it.
Keys: ←/→ choose a card, Enter play it, D draw, P pass; ordering: C, D, H, S or 1–4.</source>
        <translation>Мышь: щёлкните подсвеченную карту, чтобы пойти ею, колоду — чтобы взять, масть — чтобы заказать.
Клавиши: ←/→ выбрать карту, Enter пойти, D взять, P пропустить; заказ: C, D, H, S или 1–4.</translation>
    </message>
</context>
<context>
    <name>CzechCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="24"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Колода: %n карта</numerusform>
            <numerusform>Колода: %n карты</numerusform>
            <numerusform>Колода: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="28"/>
        <source>Pile: %n card(s)</source>
        <translation>
            <numerusform>Стопка: %n карта</numerusform>
            <numerusform>Стопка: %n карты</numerusform>
            <numerusform>Стопка: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="32"/>
        <source>%1 drew %n card(s)</source>
        <translation>
            <numerusform>%1 берёт %n карту</numerusform>
            <numerusform>%1 берёт %n карты</numerusform>
            <numerusform>%1 берёт %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="36"/>
        <source>%1 must draw %n card(s)</source>
        <translation>
            <numerusform>%1: нужно взять %n карту</numerusform>
            <numerusform>%1: нужно взять %n карты</numerusform>
            <numerusform>%1: нужно взять %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="40"/>
        <source>%1 is the fool with %n point(s)</source>
        <translation>
            <numerusform>%1 — дурак: %n очко</numerusform>
            <numerusform>%1 — дурак: %n очка</numerusform>
            <numerusform>%1 — дурак: %n очков</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CzechLog</name>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="106"/>
        <source>%1 plays %2</source>
        <translation>%1 кладёт %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="108"/>
        <source>%1&apos;s last dealt card opens the pile: %2</source>
        <translation>Последняя сданная карта игрока %1 открывает стопку: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="122"/>
        <source>%1 draws nothing: no card is left to draw</source>
        <translation>%1 ничего не берёт: брать больше нечего</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="126"/>
        <source>%1 misses a turn</source>
        <translation>%1 пропускает ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="129"/>
        <source>%1 ordered %2</source>
        <translation>%1 заказывает %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="133"/>
        <source>%1 passes</source>
        <translation>%1 пасует</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="135"/>
        <source>The deck is empty: the pile under the top card is shuffled as the new deck</source>
        <translation>Колода кончилась: стопка под верхней картой перетасована и стала новой колодой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="139"/>
        <source>%1 is left with only %2 and loses at once</source>
        <translation>У игрока %1 остался только %2: это сразу проигрыш</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="143"/>
        <source>The same position came back three times: the game ends with no winner</source>
        <translation>Одна и та же позиция повторилась трижды: игра окончена без победителя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="157"/>
        <source>%1 has no cards left and wins the game</source>
        <translation>%1 избавляется от всех карт и выигрывает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="165"/>
        <source>The game is over</source>
        <translation>Игра окончена</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="86"/>
        <source>No move timer</source>
        <translation>Без таймера хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="87"/>
        <source>15 seconds a move</source>
        <translation>15 секунд на ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="88"/>
        <source>30 seconds a move</source>
        <translation>30 секунд на ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="89"/>
        <source>60 seconds a move</source>
        <translation>60 секунд на ход</translation>
    </message>
</context>
<context>
    <name>Family3</name>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="462"/>
        <location filename="../../durak_qt/games/cross/view.py" line="300"/>
        <location filename="../../durak_qt/games/rummy/view.py" line="566"/>
        <location filename="../../durak_qt/games/czech/view.py" line="312"/>
        <source>Draw (D)</source>
        <translation>Взять (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="301"/>
        <source>Give away what fits, then turn up the deck&apos;s top card</source>
        <translation>Отдать то, что подходит, затем открыть верхнюю карту колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="308"/>
        <source>Take the chain&apos;s bottom card; the rest goes on</source>
        <translation>Взять нижнюю карту цепочки; остальное идёт дальше</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="463"/>
        <location filename="../../durak_qt/games/rummy/view.py" line="567"/>
        <location filename="../../durak_qt/games/czech/view.py" line="313"/>
        <source>Take one card from the deck</source>
        <translation>Взять одну карту из колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="587"/>
        <location filename="../../durak_qt/games/czech/view.py" line="319"/>
        <source>Pass (P)</source>
        <translation>Пас (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/view.py" line="320"/>
        <source>End your turn without playing</source>
        <translation>Закончить ход, не кладя карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/client.py" line="169"/>
        <source>a LAN table does not deal this game yet; play it here against bots</source>
        <translation>стол в локальной сети пока не раздаёт эту игру; играйте здесь против ботов</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/create_options.py" line="68"/>
        <source>Played on this computer against bots: %1.</source>
        <translation>Игра на этом компьютере против ботов: %1.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="249"/>
        <location filename="../../durak_qt/games/family3/local_game.py" line="110"/>
        <source>The game is not running.</source>
        <translation>Игра не идёт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="252"/>
        <location filename="../../durak_qt/games/family3/local_game.py" line="113"/>
        <location filename="../../durak_qt/games/family3/local_game.py" line="208"/>
        <source>That move is not allowed now: %1</source>
        <translation>Этот ход сейчас невозможен: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/local_game.py" line="183"/>
        <source>Played on this computer against its bots: nothing to audit.</source>
        <translation>Сыграно на этом компьютере против его ботов: проверять нечего.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/rules.py" line="100"/>
        <source>The base game: %1</source>
        <translation>Основная игра: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="179"/>
        <location filename="../../durak_qt/table/piles.py" line="87"/>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="320"/>
        <source>Game over</source>
        <translation>Игра окончена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="322"/>
        <source>Your move</source>
        <translation>Ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="325"/>
        <source>Waiting for %1</source>
        <translation>Ждём: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="369"/>
        <source>bot</source>
        <translation>бот</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="372"/>
        <source> (you)</source>
        <translation> (вы)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="375"/>
        <source>▲ your move</source>
        <translation>▲ ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="375"/>
        <source>▲ to move</source>
        <translation>▲ ходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="405"/>
        <source>WINNER</source>
        <translation>ПОБЕДИТЕЛЬ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="407"/>
        <location filename="../../durak_qt/games/pagons/view.py" line="368"/>
        <source>FOOL</source>
        <translation>ДУРАК</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="413"/>
        <source>A bot run by %1</source>
        <translation>Бот, которого запускает %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="514"/>
        <source>%1: click to play it</source>
        <translation>%1: щёлкните, чтобы пойти</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/family3_scene.py" line="533"/>
        <source>Mouse: click a lit card to play it.
Keys: ←/→ choose a card, Enter or Space play it.</source>
        <translation>Мышь: щёлкните подсвеченную карту, чтобы пойти ею.
Клавиши: ←/→ выбрать карту, Enter или пробел — пойти.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/window.py" line="159"/>
        <source>Game %1 of the match: %2 leads.</source>
        <translation>Игра %1 матча: первым ходит %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="580"/>
        <location filename="../../durak_qt/games/road/view.py" line="202"/>
        <location filename="../../durak_qt/games/round/view.py" line="483"/>
        <location filename="../../durak_qt/games/cross/view.py" line="307"/>
        <source>Take (T)</source>
        <translation>Взять (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="203"/>
        <source>Take every card of the pile</source>
        <translation>Забрать все карты стопки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="209"/>
        <source>Clear (C)</source>
        <translation>Отбой (C)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="210"/>
        <source>Agree the bout is beaten off: the pile leaves the game</source>
        <translation>Согласиться, что кон отбит: стопка уходит из игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="216"/>
        <source>Not mine (N)</source>
        <translation>Не у меня (N)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="217"/>
        <source>You do not hold the lowest trump: the next player is asked</source>
        <translation>У вас нет младшего козыря: спрашивают следующего игрока</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="469"/>
        <source>Place (P)</source>
        <translation>Положить (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="470"/>
        <source>Lay the drawn card on the table</source>
        <translation>Положить взятую карту на стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="476"/>
        <source>Lead (L)</source>
        <translation>Ходить (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="477"/>
        <source>Lead the cards you chose</source>
        <translation>Пойти выбранными картами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="484"/>
        <source>Take the cards you have not beaten</source>
        <translation>Взять карты, которые вы не побили</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="559"/>
        <source>Lead marked (L)</source>
        <translation>Пойти отмеченными (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="560"/>
        <source>Lead the cards you marked, all of one rank, at once</source>
        <translation>Пойти сразу всеми отмеченными картами одного достоинства</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="566"/>
        <source>Hang pagons (H)</source>
        <translation>Повесить погоны (H)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="567"/>
        <source>Hang your pagons on the defender: the deal ends</source>
        <translation>Повесить погоны отбивающемуся: сдача кончается</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="573"/>
        <source>To partner (R)</source>
        <translation>Партнёру (R)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="574"/>
        <source>Hand your pagons to your next partner and leave</source>
        <translation>Передать погоны следующему партнёру и выйти</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="581"/>
        <source>Take every card of the bout</source>
        <translation>Забрать все карты кона</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="588"/>
        <source>Add no more cards to this bout</source>
        <translation>Больше не подкидывать в этот кон</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="573"/>
        <source>Take the discard (T)</source>
        <translation>Взять из сброса (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="574"/>
        <source>Take the top card of the discards</source>
        <translation>Взять верхнюю карту из сброса</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="580"/>
        <source>Lay out (L)</source>
        <translation>Выложить (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="581"/>
        <source>Lay the picked cards out as a run or a set</source>
        <translation>Выложить выбранные карты как последовательность или набор</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="587"/>
        <source>Add to the table (A)</source>
        <translation>Добавить на стол (A)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="588"/>
        <source>Put the picked card on the combination ↑/↓ point at (or click one)</source>
        <translation>Положить выбранную карту к комбинации, на которую указывают ↑/↓ (или щёлкните комбинацию)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="596"/>
        <source>Discard (X)</source>
        <translation>Сбросить (X)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="597"/>
        <source>Discard the picked card and end your turn</source>
        <translation>Сбросить выбранную карту и закончить ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="240"/>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="255"/>
        <source>The table is closed.</source>
        <translation>Стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="347"/>
        <source>Resuming your game: replaying the journal…</source>
        <translation>Продолжаем вашу игру: восстанавливаем журнал…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="349"/>
        <source>Shuffling… every peer checks every proof</source>
        <translation>Тасуем… каждый участник проверяет каждое доказательство</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="405"/>
        <source>The game ended: %1</source>
        <translation>Игра окончена: %1</translation>
    </message>
</context>
<context>
    <name>Family3Counts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/family3_scene.py" line="72"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/family3_scene.py" line="77"/>
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n очко</numerusform>
            <numerusform>%n очка</numerusform>
            <numerusform>%n очков</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Family3LanPage</name>
    <message>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="539"/>
        <source>You leave the table “%1”: you forfeit this game and lose it with the points of your hand; the others play on without you.</source>
        <translation>Вы покидаете стол «%1»: вы сдаёте эту партию и проигрываете её с очками своих карт; остальные играют дальше без вас.</translation>
    </message>
</context>
<context>
    <name>Family3OverPanel</name>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="80"/>
        <source>You win!</source>
        <translation>Вы победили!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="85"/>
        <source>%1 wins</source>
        <translation>Победил(а) %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="86"/>
        <source>Nobody went out</source>
        <translation>Никто не избавился от карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="81"/>
        <source>You and %1 win!</source>
        <translation>Вы победили! С вами: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="83"/>
        <source>%1 win</source>
        <translation>Победили %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="92"/>
        <source>%1 and %2</source>
        <translation>%1 и %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="102"/>
        <source>The game did not finish</source>
        <translation>Игра не закончена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="103"/>
        <source>Nobody loses it; the game log says why.</source>
        <translation>Никто её не проигрывает; почему — сказано в журнале игры.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="105"/>
        <source>You have the most points: the fool of this game.</source>
        <translation>У вас больше всех очков: вы дурак этой игры.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="108"/>
        <source>%1 has the most points: the fool of this game.</source>
        <translation>У игрока %1 больше всех очков: он дурак этой игры.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="112"/>
        <source>%1 share the most points: no fool this game.</source>
        <translation>Больше всех очков сразу у нескольких: %1 — дурака в этой игре нет.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="117"/>
        <source>Nobody has points: no fool this game.</source>
        <translation>Очков нет ни у кого: дурака в этой игре нет.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="118"/>
        <source>Points after game %1</source>
        <translation>Очки после игры %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="120"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="120"/>
        <source>This game</source>
        <translation>Эта игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="120"/>
        <source>Match</source>
        <translation>Матч</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="132"/>
        <source>Points are the cards left in hand: fewer is better. The winner leads the next game.</source>
        <translation>Очки — это карты, оставшиеся на руке: чем меньше, тем лучше. Победитель ходит первым в следующей игре.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="138"/>
        <source>Next game</source>
        <translation>Следующая игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/game_over.py" line="139"/>
        <source>Back to the lobby</source>
        <translation>Назад в лобби</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/view.py" line="293"/>
        <source>A point for the fool of each game: fewer is better. The first player out deals the next game.</source>
        <translation>За каждую игру её дурак получает очко: чем меньше, тем лучше. Следующую игру сдаёт тот, кто вышел первым.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="551"/>
        <source>A point for the fool of each deal: fewer is better. A team that hangs its pagons climbs a level (6, 7 ... ace, then the queen); the fool deals next.</source>
        <translation>За каждую сдачу её дурак получает очко: чем меньше, тем лучше. Команда, повесившая погоны, поднимается на уровень (6, 7 ... туз, затем дама); следующую сдачу сдаёт дурак.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="195"/>
        <source>A point for the fool of each game: fewer is better. The first player out leads the next game.</source>
        <translation>За каждую игру её дурак получает очко: чем меньше, тем лучше. Следующую игру начинает тот, кто вышел первым.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="454"/>
        <source>A point for the fool of each game: fewer is better. The player who went out draws first in the next game.</source>
        <translation>За каждую игру её дурак получает очко: чем меньше, тем лучше. В следующей игре первым берёт карту тот, кто вышел из игры.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="558"/>
        <source>Points are the cards left in hand; going out scores -50: fewer is better. The next hand starts one seat clockwise.</source>
        <translation>Очки: карты, оставшиеся на руках; кто вышел, получает −50: меньше — лучше. Следующую раздачу начинает сосед по часовой стрелке.</translation>
    </message>
</context>
<context>
    <name>Family3Page</name>
    <message>
        <location filename="../../durak_qt/games/family3/window.py" line="245"/>
        <source>The game against the bots ends here, unfinished; the match ends with it.</source>
        <translation>Игра против ботов закончится здесь незавершённой, а с ней и матч.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/family3/window.py" line="256"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
</context>
<context>
    <name>GameLog</name>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="28"/>
        <source>{player} leads against {other}</source>
        <translation>{player} ходит под {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="32"/>
        <source>{player} attacks with {cards}</source>
        <translation>{player} ходит: {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="36"/>
        <source>{player} throws in {cards}</source>
        <translation>{player} подкидывает {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="40"/>
        <source>{player} beats {target} with {card}</source>
        <translation>{player} бьёт {target} картой {card}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="44"/>
        <source>{player} transfers with {cards} to {other}</source>
        <translation>{player} переводит картой {cards} на {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="48"/>
        <source>{player} transfers with {cards}</source>
        <translation>{player} переводит картой {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="52"/>
        <source>{player} shows the trump {cards} and transfers to {other}</source>
        <translation>{player} показывает козырь {cards} и переводит на {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="56"/>
        <source>{player} shows the trump {cards} and transfers</source>
        <translation>{player} показывает козырь {cards} и переводит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="60"/>
        <source>{player} takes</source>
        <translation>{player} берёт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="62"/>
        <source>{player} passes</source>
        <translation>{player} пасует</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="64"/>
        <source>{player} picks up {cards}</source>
        <translation>{player} забирает {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="68"/>
        <source>Bito</source>
        <translation>Бито</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="70"/>
        <source>{player} draws {count}</source>
        <translation>{player} добирает из колоды: {count}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="74"/>
        <source>{player} leaves the game (forfeit)</source>
        <translation>{player} покидает игру (поражение)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="78"/>
        <source>{player} is out of cards</source>
        <translation>{player} вышел из игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="81"/>
        <source>Game over: a draw</source>
        <translation>Игра окончена: ничья</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="82"/>
        <source>Game over: {player} is the fool</source>
        <translation>Игра окончена: {player} остаётся в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="97"/>
        <source>{player} leads the top card of the talon: {cards}</source>
        <translation>{player} ходит верхней картой колоды: {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="100"/>
        <source>{player} leads the top card of the talon</source>
        <translation>{player} ходит верхней картой колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="105"/>
        <source>{player} covers {target} face down</source>
        <translation>{player} кроет {target} рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="108"/>
        <source>{player} covers a card face down</source>
        <translation>{player} кроет карту рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="112"/>
        <source>{player} accepts the face-down card</source>
        <translation>{player} верит закрытой карте</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="116"/>
        <source>{player} checks: {card} on {target}; {taker} takes the cards</source>
        <translation>{player} проверяет: {card} на {target}; карты берёт {taker}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="120"/>
        <source>{player} checks the face-down card; {taker} takes the cards</source>
        <translation>{player} проверяет закрытую карту; карты берёт {taker}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="124"/>
        <source>{player} exchanges {count} cards with the talon</source>
        <translation>{player} меняет {count} карты с колодой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="128"/>
        <source>The cards go back into the talon, which is shuffled again ({count} cards)</source>
        <translation>Карты возвращаются в колоду, и её снова тасуют (карт: {count})</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="134"/>
        <source>The trump card is turned face up: {card}</source>
        <translation>Козырная карта открыта: {card}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="137"/>
        <source>The trump card is turned face up</source>
        <translation>Козырная карта открыта</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="141"/>
        <source>The trump changes: now {suit}</source>
        <translation>Козырь меняется: теперь {suit}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="144"/>
        <source>The trump changes</source>
        <translation>Козырь меняется</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="146"/>
        <source>{player} unlocks cards: {count}</source>
        <translation>{player} открывает запертые карты: {count}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="150"/>
        <source>Every player passes his hand to the left</source>
        <translation>Каждый игрок передаёт свои карты соседу слева</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="152"/>
        <source>{player} played {cards} wrongly and takes the cards</source>
        <translation>{player} сыграл {cards} неправильно и берёт карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="156"/>
        <source>{player} scores a shoulder strap ({cards})</source>
        <translation>{player} получает погон ({cards})</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="160"/>
        <source>{player} holds {count} cards and loses at once</source>
        <translation>У игрока {player} карт: {count}, он сразу проигрывает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_log.py" line="164"/>
        <source>The same position came back again: the game is a draw</source>
        <translation>Позиция повторилась: ничья</translation>
    </message>
</context>
<context>
    <name>GameOverPanel</name>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="216"/>
        <source>The game did not finish</source>
        <translation>Игра не закончена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="217"/>
        <source>Nobody loses it; the audit below says why.</source>
        <translation>Никто её не проигрывает; почему — сказано в проверке ниже.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="219"/>
        <source>A draw!</source>
        <translation>Ничья!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="220"/>
        <source>The last players emptied their hands together.</source>
        <translation>Последние игроки избавились от карт одновременно.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="222"/>
        <source>You are the fool!</source>
        <translation>Вы остались в дураках!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="223"/>
        <source>Better luck in the next game: you deal.</source>
        <translation>Повезёт в следующий раз: вам сдавать.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="225"/>
        <source>%1 is the fool</source>
        <translation>%1 в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="226"/>
        <source>The fool deals the next game.</source>
        <translation>Дурак сдаёт следующую игру.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="231"/>
        <source>Best score, the winner: %1</source>
        <translation>Лучший счёт, победитель: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="235"/>
        <source>Match scores</source>
        <translation>Счёт матча</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="237"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="237"/>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="237"/>
        <source>Times the fool</source>
        <translation>Был дураком</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="245"/>
        <source>Audit</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="259"/>
        <source>Details for checking</source>
        <translation>Подробности для проверки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="261"/>
        <source>Log hash: %1</source>
        <translation>Хеш журнала: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="263"/>
        <source>Every peer ends with this hash of the signed log; compare it with theirs.</source>
        <translation>У каждого участника в конце этот хеш подписанного журнала; сравните его со своим.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="265"/>
        <source>Play again</source>
        <translation>Ещё раз</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="266"/>
        <source>Back to the lobby</source>
        <translation>В лобби</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="273"/>
        <source>%1 left the table; their team is the fool by forfeit: %2.</source>
        <translation>Игрок %1 покинул стол; в дураках по неявке его команда: %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="279"/>
        <source>%1 left the table; %2 is the fool by forfeit.</source>
        <translation>Игроки %1 покинули стол; в дураках по неявке: %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/game_over.py" line="283"/>
        <source>%1 left the table and is the fool by forfeit.</source>
        <translation>Игрок %1 покинул стол и остаётся в дураках по неявке.</translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <location filename="../../durak_qt/history/page.py" line="220"/>
        <source>The history cannot be read: %1</source>
        <translation>Не удаётся прочитать историю: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="250"/>
        <source>Damaged file</source>
        <translation>Повреждённый файл</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="263"/>
        <source>This file cannot be read: %1</source>
        <translation>Этот файл не читается: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="281"/>
        <source>Draw</source>
        <translation>Ничья</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="283"/>
        <source>%1 is the fool</source>
        <translation>%1 — дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="285"/>
        <source>Abandoned</source>
        <translation>Брошена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="291"/>
        <source>Not checked yet: it is checked when you open it</source>
        <translation>Ещё не проверена: проверка — при открытии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="293"/>
        <source>Checked: every signature and proof, and the moves as far as opened</source>
        <translation>Проверена: все подписи и доказательства, ходы — насколько карты открыты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="294"/>
        <source>The check failed: open it to see what</source>
        <translation>Проверка не прошла: откройте, чтобы узнать, что не так</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="341"/>
        <source>%1 (bot)</source>
        <translation>%1 (бот)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="389"/>
        <source>Open game file</source>
        <translation>Открыть файл партии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="391"/>
        <location filename="../../durak_qt/history/page.py" line="406"/>
        <source>Game files (%1);;All files (*)</source>
        <translation>Файлы партий (%1);;Все файлы (*)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="404"/>
        <source>Export game file</source>
        <translation>Экспорт файла партии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="418"/>
        <source>The game file cannot be exported: %1</source>
        <translation>Не удалось экспортировать файл партии: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="426"/>
        <source>◀ Lobby</source>
        <translation>◀ Лобби</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="427"/>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="428"/>
        <source>Search by player or game</source>
        <translation>Поиск по игроку или игре</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="429"/>
        <source>Open game file…</source>
        <translation>Открыть файл партии…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="430"/>
        <source>Check and replay a game file from any computer</source>
        <translation>Проверить и просмотреть файл партии с любого компьютера</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="431"/>
        <source>Finished games, newest first</source>
        <translation>Сыгранные партии, новые сверху</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="434"/>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="435"/>
        <location filename="../../durak_qt/history/page.py" line="450"/>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="436"/>
        <source>Players</source>
        <translation>Игроки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="437"/>
        <source>Result</source>
        <translation>Итог</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="438"/>
        <source>Verified</source>
        <translation>Проверена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="442"/>
        <source>No finished games yet: every game you finish here is kept in this list.</source>
        <translation>Сыгранных партий пока нет: каждая партия, доигранная здесь, сохраняется в этом списке.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="444"/>
        <source>Replay</source>
        <translation>Просмотр</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="445"/>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="446"/>
        <source>Your record against each opponent</source>
        <translation>Ваш счёт против каждого соперника</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="447"/>
        <source>Your record in each game</source>
        <translation>Ваш счёт в каждой игре</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="448"/>
        <source>Played</source>
        <translation>Сыграно</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="448"/>
        <source>Won</source>
        <translation>Побед</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="448"/>
        <source>Fool</source>
        <translation>Дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="448"/>
        <source>Draws</source>
        <translation>Ничьих</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/page.py" line="449"/>
        <source>Opponent</source>
        <translation>Соперник</translation>
    </message>
</context>
<context>
    <name>Invitation</name>
    <message>
        <location filename="../../durak_qt/lobby/join_address.py" line="59"/>
        <source>That is not a computer&apos;s address (for example 192.168.1.20).</source>
        <translation>Это не адрес компьютера (например, 192.168.1.20).</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/join_address.py" line="70"/>
        <source>The invitation is damaged or cut short: ask the host to copy it again.</source>
        <translation>Приглашение повреждено или обрезано: попросите хозяина стола скопировать его ещё раз.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/join_address.py" line="100"/>
        <source>The port is a number from 1 to 65535, after the colon.</source>
        <translation>Порт — число от 1 до 65535 после двоеточия.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/join_address.py" line="84"/>
        <source>Type the host&apos;s address and port, or paste an invitation.</source>
        <translation>Введите адрес и порт хозяина стола или вставьте приглашение.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/join_address.py" line="93"/>
        <location filename="../../durak_qt/lobby/join_address.py" line="108"/>
        <source>Write the address and the port with a colon, for example 192.168.1.20:45123.</source>
        <translation>Напишите адрес и порт через двоеточие, например 192.168.1.20:45123.</translation>
    </message>
</context>
<context>
    <name>JoinAddressDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="439"/>
        <source>Join by address</source>
        <translation>Войти по адресу</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="443"/>
        <source>192.168.1.20:45123 or durak://…</source>
        <translation>192.168.1.20:45123 или durak://…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="444"/>
        <source>Address or invitation</source>
        <translation>Адрес или приглашение</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="447"/>
        <source>Ask the host for the invitation their client shows in the game log when the table opens (it is copied to their clipboard), or for the address and port.</source>
        <translation>Попросите у хозяина стола приглашение: его программа показывает его в ходе игры, когда стол открыт (и копирует в буфер обмена), — или адрес и порт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="457"/>
        <source>Only if the table has one</source>
        <translation>Только если у стола он есть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="458"/>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="468"/>
        <source>Join</source>
        <translation>Сесть за стол</translation>
    </message>
</context>
<context>
    <name>LanGame</name>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="206"/>
        <source>Resuming your game at “%1”: replaying the journal…</source>
        <translation>Продолжаем вашу игру за столом «%1»: воспроизводим журнал…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="210"/>
        <source>Opening the table “%1”… waiting for players.</source>
        <translation>Открываем стол «%1»… ждём игроков.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="214"/>
        <source>Looking for the table “%1” on the network…</source>
        <translation>Ищем стол «%1» в сети…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="268"/>
        <source>Bot %1</source>
        <translation>Бот %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="747"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="800"/>
        <source>The table is closed.</source>
        <translation>Стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="108"/>
        <source>The table “%1” already has a player with your name: choose another one in Settings and join again.</source>
        <translation>За столом «%1» уже есть игрок с вашим именем: выберите другое в настройках и сядьте снова.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="68"/>
        <source>It is no longer your turn: your move was not sent to the table.</source>
        <translation>Ваш ход уже прошёл: этот ход не отправлен на стол.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="87"/>
        <source>The table “%1” runs a different version of the game: every player needs the same version.</source>
        <translation>За столом «%1» играют в другую версию игры: у всех игроков должна быть одна и та же версия.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="96"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="136"/>
        <source>The table “%1” did not accept that password. Try again.</source>
        <translation>Стол «%1» не принял этот пароль. Попробуйте ещё раз.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="100"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="140"/>
        <source>The table “%1” did not let you in: it is full or already playing.</source>
        <translation>Стол «%1» вас не пустил: он занят или игра уже идёт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="104"/>
        <source>The host of “%1” asked you to leave the table.</source>
        <translation>Хозяин стола «%1» попросил вас уйти.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="114"/>
        <source>The host of “%1” did not let you in.</source>
        <translation>Хозяин стола «%1» вас не пустил.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="125"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="191"/>
        <source>The table “%1” could not be found: it has closed, or your network does not let this computer reach it.</source>
        <translation>Стол «%1» не найден: он закрылся, или ваша сеть не даёт этому компьютеру до него достучаться.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="130"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="148"/>
        <source>The table “%1” stopped answering.</source>
        <translation>Стол «%1» перестал отвечать.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="155"/>
        <source>The host of “%1” sent two players two different starts of one game (both signed by the host), so the table is closed.</source>
        <translation>Хозяин стола «%1» прислал двум игрокам два разных начала одной партии (оба подписаны им), поэтому стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="161"/>
        <source>The host of “%1” sent a message that breaks the protocol, so the table is closed.</source>
        <translation>Хозяин стола «%1» прислал сообщение, нарушающее протокол, поэтому стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="166"/>
        <source>The host of “%1” kept saying a game runs with you seated, but it never started here, so the table is closed.</source>
        <translation>Хозяин стола «%1» всё время сообщал, что идёт партия, где у вас есть место, но здесь она так и не началась, поэтому стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="166"/>
        <source>The host of “%1” did not start the next game although every player was ready, so the table is closed.</source>
        <translation>Хозяин стола «%1» не начал следующую партию, хотя все игроки были готовы, поэтому стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="198"/>
        <source>%2 did not come back after game %3, so the table “%1” has closed: no new game. Nobody cheated.</source>
        <translation>%2 не вернулся после партии %3, поэтому стол «%1» закрыт: новой партии не будет. Никто не жульничал.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="202"/>
        <source>%2 left the match after game %3, so the table “%1” has closed: no new game.</source>
        <translation>%2 покинул матч после партии %3, поэтому стол «%1» закрыт: новой партии не будет.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="171"/>
        <source>The host of “%1” started the next game unlike the last game decides (another first player, dealer or level), so the table is closed.</source>
        <translation>Хозяин стола «%1» начал следующую партию не так, как решает прошлая (другой первый ход, сдающий или уровень), поэтому стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="229"/>
        <source>The seated players share no dealing group: the game cannot start.</source>
        <translation>У сидящих за столом игроков нет общей группы для раздачи: игра не может начаться.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="233"/>
        <source>Cards will be dealt in the Ed25519 group: a seat&apos;s system lacks ristretto255.</source>
        <translation>Карты будут розданы в группе Ed25519: в системе одного из игроков нет ristretto255.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="842"/>
        <source>Time is up: a trump suit is chosen for you.</source>
        <translation>Время вышло: козырная масть выбрана за вас.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="863"/>
        <location filename="../../durak_qt/games/durak/local_game.py" line="428"/>
        <source>%1 did not name the trump suit in time: %2 was chosen for the dealer.</source>
        <translation>%1: козырная масть не названа вовремя, за сдающего выбрана %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="867"/>
        <location filename="../../durak_qt/games/durak/local_game.py" line="432"/>
        <source>%1 deals and named the trump suit: %2.</source>
        <translation>%1 сдаёт; названа козырная масть: %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="82"/>
        <source>Another computer answered at the address of “%1”: it is not the host who made the invitation.</source>
        <translation>По адресу стола «%1» ответил другой компьютер, а не хозяин, который прислал приглашение.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="120"/>
        <source>Two tables are called “%1”: pick one in the lobby, or paste its host&apos;s invitation.</source>
        <translation>Столов с названием «%1» два: выберите один в лобби или вставьте приглашение его хозяина.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="149"/>
        <location filename="../../durak_qt/lobby/lan_game.py" line="199"/>
        <source>The connection to the table “%1” ended.</source>
        <translation>Связь со столом «%1» прервалась.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="750"/>
        <source>Waiting for the others to be ready…</source>
        <translation>Ждём, пока остальные будут готовы…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="769"/>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="317"/>
        <source>this computer</source>
        <translation>этот компьютер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="771"/>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="318"/>
        <source>its own peer</source>
        <translation>собственный узел бота</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="825"/>
        <source>Shuffling… every peer checks every proof</source>
        <translation>Тасуем… каждый участник проверяет каждое доказательство</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="249"/>
        <source>The table “%1” could not be reached within %2 s: it has closed, or your network does not let this computer reach it.</source>
        <translation>До стола «%1» не удалось достучаться за %2 с: он закрыт, или ваша сеть не пускает этот компьютер к нему.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="255"/>
        <source>The table “%1” started no new game within %2 s: the host has probably left.</source>
        <translation>Стол «%1» не начал новую игру за %2 с: похоже, хозяин ушёл.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="223"/>
        <source>Waiting for players: %1 of %2 seats taken.</source>
        <translation>Ждём игроков: занято мест — %1 из %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="929"/>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="433"/>
        <source>The table refused: %1</source>
        <translation>Стол отказал: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lan_game.py" line="242"/>
        <source>The table “%1” has closed: no further games.</source>
        <translation>Стол «%1» закрыт: игр больше не будет.</translation>
    </message>
</context>
<context>
    <name>Lobby</name>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="94"/>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="95"/>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="96"/>
        <source>Seats</source>
        <translation>Места</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="97"/>
        <source>Host</source>
        <translation>Хозяин</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="98"/>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="117"/>
        <source>This table runs an older version of the game. The host and you must run the same version to play together: the host needs to update.</source>
        <translation>За этим столом старая версия игры. Чтобы играть вместе, у вас и у хозяина стола должна быть одна и та же версия: хозяину нужно обновить игру.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="123"/>
        <source>This table runs a newer version of the game. The host and you must run the same version to play together: update this game to join.</source>
        <translation>За этим столом более новая версия игры. Чтобы играть вместе, у вас и у хозяина стола должна быть одна и та же версия: обновите игру, чтобы сесть за стол.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="192"/>
        <source>%1 · another version of the game</source>
        <translation>%1 · другая версия игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="211"/>
        <source>Compare this fingerprint with the host&apos;s screen: %1</source>
        <translation>Сверьте отпечаток с экраном хозяина стола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="216"/>
        <source>A password is needed to join</source>
        <translation>Для входа нужен пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="218"/>
        <source>Open table</source>
        <translation>Открытый стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="221"/>
        <location filename="../../durak_qt/lobby/lobby.py" line="453"/>
        <source>This table is full</source>
        <translation>Свободных мест нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="110"/>
        <source>Watching</source>
        <translation>Зрители</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="151"/>
        <location filename="../../durak_qt/lobby/lobby.py" line="509"/>
        <source>No game is running at this table now</source>
        <translation>Сейчас за этим столом не играют</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="152"/>
        <source>A game is running here; spectators watching it: %1</source>
        <translation>Здесь идёт игра; зрителей: %1</translation>
    </message>
</context>
<context>
    <name>LobbyWidget</name>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="475"/>
        <source>Durak on the LAN</source>
        <translation>Дурак по сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="477"/>
        <source>Hello, %1!</source>
        <translation>Привет, %1!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="478"/>
        <source>Settings…</source>
        <translation>Настройки…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="479"/>
        <source>Rules (F1)</source>
        <translation>Правила (F1)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="480"/>
        <source>How every game here is played</source>
        <translation>Как играют во все игры здесь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="481"/>
        <source>About</source>
        <translation>О программе</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="482"/>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="484"/>
        <source>Your finished games: replay them, check them, open a game file</source>
        <translation>Ваши сыгранные партии: просмотр, проверка, открытие файла партии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="486"/>
        <source>Version, engine and licences</source>
        <translation>Версия, движок и лицензии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="487"/>
        <source>Play against bots</source>
        <translation>Играть с ботами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="488"/>
        <source>Bots:</source>
        <translation>Боты:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="491"/>
        <source>One click: a game on this computer against two bots, no network needed.</source>
        <translation>В один клик: игра на этом компьютере против двух ботов, сеть не нужна.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="493"/>
        <source>Tables on your network</source>
        <translation>Столы в вашей сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="496"/>
        <source>No tables found, and no device on this network answered the search at all: this network probably blocks discovery (mDNS, UDP port 5353), as guest Wi-Fi often does.

Ask the host for the invitation their client shows when the table opens and choose “Join by address…”, or open a table yourself.</source>
        <translation>Столов не найдено, и ни одно устройство в этой сети вообще не ответило на поиск: скорее всего, сеть блокирует обнаружение (mDNS, UDP-порт 5353), как часто бывает в гостевом Wi-Fi.

Попросите у хозяина стола приглашение, которое его программа показывает при открытии стола, и выберите «Войти по адресу…» — или откройте стол сами.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="503"/>
        <source>No tables open right now. Discovery works on this network (other devices answer), so nobody has opened a table you can see yet.

Open one yourself, or if a friend&apos;s table is missing, their firewall may block the game: ask them for the invitation and choose “Join by address…”.</source>
        <translation>Сейчас нет открытых столов. Обнаружение в этой сети работает (другие устройства отвечают), значит, видимый вам стол ещё никто не открыл.

Откройте стол сами; а если не видно стола друга, возможно, игру блокирует его брандмауэр: попросите у него приглашение и выберите «Войти по адресу…».</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="510"/>
        <source>No tables found yet. Looking for games on your network…

If a friend has opened a table and it does not show up here: a firewall may block mDNS (UDP port 5353) or the game&apos;s TCP port, or your computers may be on different subnets (for example, one on Wi-Fi guest access). You can also open a table yourself.</source>
        <translation>Столов пока нет. Ищем игры в вашей сети…

Если друг открыл стол, а здесь его не видно: возможно, брандмауэр блокирует mDNS (UDP-порт 5353) или TCP-порт игры, или ваши компьютеры в разных подсетях (например, один подключён к гостевому Wi-Fi). Можно открыть стол и самому.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="518"/>
        <source>Cannot look for tables on the network: %1</source>
        <translation>Не удаётся искать столы в сети: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="524"/>
        <source>Resume your game at “%1”</source>
        <translation>Продолжить игру за столом «%1»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="527"/>
        <location filename="../../durak_qt/lobby/lobby.py" line="531"/>
        <source>The client stopped during this game; its journal lets you carry on.</source>
        <translation>Клиент остановился во время этой игры; по её журналу можно продолжить.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="529"/>
        <source>Resume your game against the bots</source>
        <translation>Продолжить игру с ботами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="533"/>
        <source>Create table…</source>
        <translation>Создать стол…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="534"/>
        <source>Join</source>
        <translation>Сесть за стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="455"/>
        <source>Join the selected table</source>
        <translation>Сесть за выбранный стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="535"/>
        <source>Join by address…</source>
        <translation>Войти по адресу…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="537"/>
        <source>For a table the list does not show: type its address or paste an invitation</source>
        <translation>Для стола, которого нет в списке: введите его адрес или вставьте приглашение</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="512"/>
        <source>Watch the game at the selected table: you see what every player sees, and the players see that you watch</source>
        <translation>Смотреть игру за выбранным столом: вы видите то же, что видят все игроки, а игроки видят, что вы смотрите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby/lobby.py" line="594"/>
        <source>Watch</source>
        <translation>Смотреть</translation>
    </message>
</context>
<context>
    <name>LocalGame</name>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="36"/>
        <source>North</source>
        <translation>Север</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="37"/>
        <source>East</source>
        <translation>Восток</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="38"/>
        <source>West</source>
        <translation>Запад</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="39"/>
        <source>North-West</source>
        <translation>Северо-Запад</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="40"/>
        <source>North-East</source>
        <translation>Северо-Восток</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="286"/>
        <source>Shuffling… every peer checks every proof</source>
        <translation>Тасуем… каждый участник проверяет каждое доказательство</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="296"/>
        <source>Resuming your game against the bots…</source>
        <translation>Продолжаем вашу игру с ботами…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="166"/>
        <source>The game is not running.</source>
        <translation>Игра не идёт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="154"/>
        <location filename="../../durak_qt/table/controller.py" line="173"/>
        <source>That move is not allowed now: %1</source>
        <translation>Такой ход сейчас нельзя: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="315"/>
        <location filename="../../durak_qt/games/family3/local_game.py" line="148"/>
        <source>this computer</source>
        <translation>этот компьютер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="324"/>
        <source>The bots are peers with their own keys, but they run on this computer, so it could see their cards.</source>
        <translation>Боты — участники со своими ключами, но работают на этом компьютере, поэтому он мог видеть их карты.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/durak/local_game.py" line="444"/>
        <source>The local table failed: %1</source>
        <translation>Сбой локального стола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="242"/>
        <source>The peers check the proofs…</source>
        <translation>Участники проверяют доказательства…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../durak_qt/main_window.py" line="219"/>
        <location filename="../../durak_qt/main_window.py" line="962"/>
        <source>Durak</source>
        <translation>Дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="368"/>
        <source>The game against the bots ends here, unfinished: it counts as lost for you.</source>
        <translation>Игра с ботами закончится здесь, не доигранной: она засчитывается вам как проигрыш.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="373"/>
        <source>You leave the table “%1”: you are the fool of this game by forfeit, and as its host you end the table: no further games are played there.</source>
        <translation>Вы уходите со стола «%1»: в этой игре вы дурак по неявке, а так как вы хозяин, стол закрывается: игр за ним больше не будет.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="378"/>
        <source>You leave the table “%1”: you are the fool of this game by forfeit; the others play on without you.</source>
        <translation>Вы уходите со стола «%1»: в этой игре вы дурак по неявке; остальные доиграют без вас.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="391"/>
        <location filename="../../durak_qt/main_window.py" line="392"/>
        <source>Leave the game?</source>
        <translation>Уйти из игры?</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="394"/>
        <source>Leave</source>
        <translation>Уйти</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="395"/>
        <source>Stay and play</source>
        <translation>Остаться</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="499"/>
        <location filename="../../durak_qt/main_window.py" line="825"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="589"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="657"/>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="658"/>
        <source>The table “%1” asks for a password:</source>
        <translation>Стол «%1» просит пароль:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="694"/>
        <source>network play is switched off (the client was started with --no-lan).</source>
        <translation>игра по сети выключена (клиент запущен с --no-lan).</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="764"/>
        <source>Invitation for players whose lobby does not show this table (copied to the clipboard; they choose “Join by address…”): %1</source>
        <translation>Приглашение для игроков, у которых этого стола нет в списке (скопировано в буфер обмена; им нужно выбрать «Войти по адресу…»): %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="912"/>
        <source>The game did not finish</source>
        <translation>Игра не закончена</translation>
    </message>
</context>
<context>
    <name>Pagons</name>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="137"/>
        <source>trump</source>
        <translation>козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="139"/>
        <source>Trump: %1</source>
        <translation>Козырь: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="185"/>
        <source>%1 attacks %2</source>
        <translation>Ходит %1, отбивается %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="215"/>
        <source>%1 hung the pagons on %2</source>
        <translation>%1 вешает погоны, дурак — %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="230"/>
        <source>Your pagons: %1 · the others&apos;: %2</source>
        <translation>Ваши погоны: %1 · у соперников: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="370"/>
        <source>HUNG THEM</source>
        <translation>НАВЕСИЛ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="374"/>
        <source>team %1</source>
        <translation>команда %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="376"/>
        <source>pagons %1</source>
        <translation>погоны %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="402"/>
        <source>One of your pagons</source>
        <translation>Один из ваших погонов</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="445"/>
        <source>The talon</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="447"/>
        <source>Beaten-off cards</source>
        <translation>Отбой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="449"/>
        <source>%1: one of your pagons</source>
        <translation>%1: один из ваших погонов</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="454"/>
        <source>%1: marked for your lead; click to lead the marked cards, Ctrl+click to unmark</source>
        <translation>%1: отмечена для хода; щёлкните, чтобы пойти отмеченными картами, Ctrl+щелчок снимает отметку</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="459"/>
        <source>%1: click to lead it; Ctrl+click to mark it for a lead of several cards of one rank</source>
        <translation>%1: щёлкните, чтобы пойти ею; Ctrl+щелчок отмечает её для хода несколькими картами одного достоинства</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="465"/>
        <source>%1: click to beat this card next</source>
        <translation>%1: щёлкните, чтобы бить следующей эту карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="491"/>
        <source>Game over: %1 hung the pagons on %2</source>
        <translation>Игра окончена: %1 вешает погоны, дурак — %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="495"/>
        <source>Game over: %1 is the fool</source>
        <translation>Игра окончена: %1 — дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="498"/>
        <source>Game over: nobody is the fool</source>
        <translation>Игра окончена: дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="503"/>
        <source>Only pagons in your hand: hang them on %1 (H)</source>
        <translation>На руке одни погоны: повесьте их, дурак — %1 (H)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="507"/>
        <source>Only pagons left: hand them to your partner (R), or attack</source>
        <translation>Остались одни погоны: передайте их партнёру (R) или ходите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="509"/>
        <source>Your lead on %1: %2 marked; lead them (L) or mark more</source>
        <translation>Ваш ход, отбивается %1: отмечены %2; пойдите ими (L) или отметьте ещё</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="513"/>
        <source>Your attack on %1: click a lit card</source>
        <translation>Ваш ход, отбивается %1: щёлкните подсвеченную карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="517"/>
        <source>; Ctrl+click or S marks cards of one rank</source>
        <translation>; Ctrl+щелчок или S отмечает карты одного достоинства</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="519"/>
        <source>Beat %1 with a lit card, or take (T)</source>
        <translation>Побейте %1 подсвеченной картой или возьмите (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="523"/>
        <source>; ↑/↓ or a click aims at another card</source>
        <translation>; ↑/↓ или щелчок выбирают другую карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="525"/>
        <source>Throw in a lit card, or pass (P)</source>
        <translation>Подкиньте подсвеченную карту или пасуйте (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="527"/>
        <source>Take the cards (T)</source>
        <translation>Заберите карты (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="529"/>
        <source>Nothing to throw in: pass (P)</source>
        <translation>Подкинуть нечего: пасуйте (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/view.py" line="533"/>
        <source>Mouse: click a lit card to attack, throw in or beat the marked card; ★ marks your pagons; Ctrl+click marks cards of one rank to lead them together (a click on one more of that rank, or Lead, leads them).
Keys: ←/→ choose a card, Enter play it, S mark it for a lead of several, L lead the marked cards, ↑/↓ aim at another attack card, T take, P pass, H hang the pagons, R hand them to your partner.</source>
        <translation>Мышь: щёлкните подсвеченную карту, чтобы пойти, подкинуть или побить отмеченную карту; ★ отмечает ваши погоны; Ctrl+щелчок отмечает карты одного достоинства, чтобы пойти ими вместе (щелчок по ещё одной карте того же достоинства или кнопка хода идёт ими).
Клавиши: ←/→ выбрать карту, Enter сыграть её, S отметить её для хода несколькими картами, L пойти отмеченными картами, ↑/↓ выбрать другую карту хода, T взять, P пас, H повесить погоны, R передать их партнёру.</translation>
    </message>
</context>
<context>
    <name>PagonsCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="27"/>
        <source>Talon: %n card(s)</source>
        <translation>
            <numerusform>Колода: %n карта</numerusform>
            <numerusform>Колода: %n карты</numerusform>
            <numerusform>Колода: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="31"/>
        <source>Beaten off: %n card(s)</source>
        <translation>
            <numerusform>В отбое %n карта</numerusform>
            <numerusform>В отбое %n карты</numerusform>
            <numerusform>В отбое %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="35"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 берёт %n карту</numerusform>
            <numerusform>%1 берёт %n карты</numerusform>
            <numerusform>%1 берёт %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="39"/>
        <source>%1 draws %n card(s)</source>
        <translation>
            <numerusform>%1 добирает %n карту</numerusform>
            <numerusform>%1 добирает %n карты</numerusform>
            <numerusform>%1 добирает %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="43"/>
        <source>%1 beat off the bout: %n card(s) leave the game</source>
        <translation>
            <numerusform>%1 отбивается: %n карта уходит в отбой</numerusform>
            <numerusform>%1 отбивается: %n карты уходят в отбой</numerusform>
            <numerusform>%1 отбивается: %n карт уходят в отбой</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="47"/>
        <source>%1 hands %n pagon(s) to %2</source>
        <translation>
            <numerusform>%1 передаёт %n погон игроку %2</numerusform>
            <numerusform>%1 передаёт %n погона игроку %2</numerusform>
            <numerusform>%1 передаёт %n погонов игроку %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PagonsLog</name>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="84"/>
        <source>The trump card is %1</source>
        <translation>Козырная карта — %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="88"/>
        <source>%1 attacks %3 with %2</source>
        <translation>%1 ходит %2, отбивается %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="93"/>
        <source>%1 throws in %2</source>
        <translation>%1 подкидывает %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="96"/>
        <source>%1 beats %2 with %3</source>
        <translation>%1 бьёт %2 картой %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="108"/>
        <source>%1 has no cards left</source>
        <translation>%1: карт больше нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="111"/>
        <source>%1 hangs the pagons %2 on %3</source>
        <translation>%1 вешает погоны %2, дурак — %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="119"/>
        <source>The same position came back three times: the deal ends with no fool</source>
        <translation>Одна и та же позиция повторилась трижды: сдача кончается без дурака</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="124"/>
        <source>Nobody is the fool</source>
        <translation>Дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="125"/>
        <source>%1 is the fool</source>
        <translation>%1 — дурак</translation>
    </message>
</context>
<context>
    <name>ReplayMoves</name>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="114"/>
        <source>attacks with</source>
        <translation>ходит:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="115"/>
        <source>throws in</source>
        <translation>подкидывает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="116"/>
        <source>beats</source>
        <translation>бьёт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="117"/>
        <source>beats face down</source>
        <translation>бьёт втёмную</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="118"/>
        <source>transfers with</source>
        <translation>переводит:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="119"/>
        <source>shows the trump</source>
        <translation>показывает козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="120"/>
        <source>exchanges</source>
        <translation>меняет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="121"/>
        <source>takes</source>
        <translation>берёт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="122"/>
        <source>passes</source>
        <translation>пасует</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="123"/>
        <source>gives up</source>
        <translation>сдаётся</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="124"/>
        <source>leads the talon&apos;s top card</source>
        <translation>ходит верхней картой колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="125"/>
        <source>accepts</source>
        <translation>принимает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/frames.py" line="126"/>
        <source>checks</source>
        <translation>проверяет</translation>
    </message>
</context>
<context>
    <name>ReplayViewer</name>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="221"/>
        <source>Game file</source>
        <translation>Файл партии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="223"/>
        <source>Not verified: %1</source>
        <translation>Не проверена: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="264"/>
        <source>Verified: every signature, every shuffle proof and every move checked</source>
        <translation>Проверено: каждая подпись, каждое доказательство перемешивания и каждый ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="398"/>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="398"/>
        <source>Play</source>
        <translation>Пуск</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="399"/>
        <source>Play or pause (Space)</source>
        <translation>Воспроизведение или пауза (Пробел)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="420"/>
        <source>Every hand face up</source>
        <translation>Все карты открыты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="420"/>
        <source>Every card opened</source>
        <translation>Все открытые карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="424"/>
        <source>As %1 saw it</source>
        <translation>Как видел(а) %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="432"/>
        <source>The deal</source>
        <translation>Раздача</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="439"/>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="456"/>
        <source>Move %1 of %2</source>
        <translation>Ход %1 из %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="503"/>
        <source>◀ History</source>
        <translation>◀ История</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="504"/>
        <source>Back to the list of games (Esc)</source>
        <translation>Назад к списку партий (Esc)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="511"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="516"/>
        <source>Not every hand was opened at the end: %1.</source>
        <translation>В конце открыли не все карты: %1.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="517"/>
        <source>no audit</source>
        <translation>проверки не было</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="520"/>
        <source>The cards of this game were not all opened, so its table cannot be shown: only its signed moves, in the log.</source>
        <translation>Карты этой партии открыты не все, поэтому стол показать нельзя: только её подписанные ходы — в журнале.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="524"/>
        <source>Show</source>
        <translation>Показать</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="525"/>
        <source>The deal (Home)</source>
        <translation>Раздача (Home)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="526"/>
        <source>Start of this bout (Page Up)</source>
        <translation>Начало этого захода (Page Up)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="527"/>
        <source>One move back (←)</source>
        <translation>Ход назад (←)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="528"/>
        <source>One move forward (→)</source>
        <translation>Ход вперёд (→)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="529"/>
        <source>Start of the next bout (Page Down)</source>
        <translation>Начало следующего захода (Page Down)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="530"/>
        <source>The end (End)</source>
        <translation>Конец (End)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="531"/>
        <source>Every move of the game</source>
        <translation>Все ходы партии</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="535"/>
        <source>Slow</source>
        <translation>Медленно</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="536"/>
        <source>Normal</source>
        <translation>Обычно</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="537"/>
        <source>Fast</source>
        <translation>Быстро</translation>
    </message>
    <message>
        <location filename="../../durak_qt/history/viewer.py" line="542"/>
        <source>Play speed</source>
        <translation>Скорость воспроизведения</translation>
    </message>
</context>
<context>
    <name>Road</name>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="79"/>
        <source>to beat: %1</source>
        <translation>бить: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="83"/>
        <source>%1 attacks %2</source>
        <translation>Ходит %1, отбивается %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="104"/>
        <source>trump</source>
        <translation>козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="106"/>
        <source>Trump: %1 (the dealer&apos;s last card, %2, shows it)</source>
        <translation>Козырь: %1 (его показывает последняя карта сдающего, %2)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="136"/>
        <source>Cards out of the game</source>
        <translation>Карты, вышедшие из игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="141"/>
        <source>%1: click to beat %2</source>
        <translation>%1: щёлкните, чтобы побить %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="152"/>
        <source>Game over: %1 is the fool</source>
        <translation>Игра окончена: %1 — дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="155"/>
        <source>Game over: nobody is the fool</source>
        <translation>Игра окончена: дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="160"/>
        <source>You hold the lowest trump: click it to show it and lead</source>
        <translation>У вас младший козырь: щёлкните по нему, чтобы показать его и ходить</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="162"/>
        <source>Who holds the lowest trump? Not you: press Not mine (N)</source>
        <translation>У кого младший козырь? Не у вас: нажмите «Не у меня» (N)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="164"/>
        <source>Your lead: click a card to play it to %1</source>
        <translation>Ваш ход: щёлкните карту, чтобы пойти под %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="168"/>
        <source>Beat the top card with a lit card, or take the pile (T)</source>
        <translation>Побейте верхнюю карту подсвеченной картой или заберите стопку (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="170"/>
        <source>Nothing beats the top card: take the pile (T)</source>
        <translation>Верхнюю карту нечем побить: заберите стопку (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="172"/>
        <source>Beat the top card back, or clear the pile (C)</source>
        <translation>Побейте верхнюю карту в ответ или отпустите стопку (C)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="174"/>
        <source>Nothing beats the top card: clear the pile (C)</source>
        <translation>Верхнюю карту нечем побить: отпустите стопку (C)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="176"/>
        <source>Your move: play a lit card</source>
        <translation>Ваш ход: сыграйте подсвеченной картой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/view.py" line="180"/>
        <source>Mouse: click a lit card to lead or to beat the top card.
Keys: ←/→ choose a card, Enter play it, T take the pile, C clear it.</source>
        <translation>Мышь: щёлкните подсвеченную карту, чтобы пойти или побить верхнюю карту.
Клавиши: ←/→ выбрать карту, Enter сыграть её, T забрать стопку, C отпустить её.</translation>
    </message>
</context>
<context>
    <name>RoadCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="23"/>
        <source>Pile: %n card(s)</source>
        <translation>
            <numerusform>Стопка: %n карта</numerusform>
            <numerusform>Стопка: %n карты</numerusform>
            <numerusform>Стопка: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="27"/>
        <source>Out of the game: %n card(s)</source>
        <translation>
            <numerusform>Вышла из игры %n карта</numerusform>
            <numerusform>Вышли из игры %n карты</numerusform>
            <numerusform>Вышли из игры %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="31"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 берёт %n карту</numerusform>
            <numerusform>%1 берёт %n карты</numerusform>
            <numerusform>%1 берёт %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="35"/>
        <source>%1 agrees: the pile of %n card(s) leaves the game</source>
        <translation>
            <numerusform>%1 соглашается: стопка из %n карты уходит из игры</numerusform>
            <numerusform>%1 соглашается: стопка из %n карт уходит из игры</numerusform>
            <numerusform>%1 соглашается: стопка из %n карт уходит из игры</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RoadLog</name>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="58"/>
        <source>%1 leads %2</source>
        <translation>%1 ходит: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="60"/>
        <source>%1 beats with %2</source>
        <translation>%1 бьёт: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="66"/>
        <source>%1 does not hold the lowest trump</source>
        <translation>%1: младшего козыря нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="68"/>
        <source>%1 shows %2, the lowest trump, and leads</source>
        <translation>%1 показывает младший козырь %2 и ходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="71"/>
        <source>%1 left the table: the fool</source>
        <translation>%1 покидает стол: дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="73"/>
        <source>%1 has no cards left</source>
        <translation>%1: карт больше нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="76"/>
        <source>The last cards went out together: nobody is the fool</source>
        <translation>Последние карты ушли одновременно: дурака нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="77"/>
        <source>%1 is left holding cards: the fool</source>
        <translation>%1 остаётся с картами: дурак</translation>
    </message>
</context>
<context>
    <name>Round</name>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="177"/>
        <source>Drawn: %1</source>
        <translation>Взята: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="89"/>
        <source>trump</source>
        <translation>козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="91"/>
        <source>Trump: %1</source>
        <translation>Козырь: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="123"/>
        <source>On the table</source>
        <translation>На столе</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="338"/>
        <source>The deck: click to draw a card (D)</source>
        <translation>Колода: щёлкните, чтобы взять карту (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="339"/>
        <source>The deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="341"/>
        <source>Beaten-off cards, out of the game</source>
        <translation>Отбитые карты, вышедшие из игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="346"/>
        <source>%1: click to beat it with %2</source>
        <translation>%1: щёлкните, чтобы побить её картой %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="350"/>
        <source>%1: click to beat this card next</source>
        <translation>%1: щёлкните, чтобы бить следующей эту карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="355"/>
        <source>%1: click to choose it for your lead</source>
        <translation>%1: щёлкните, чтобы выбрать её для хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="360"/>
        <source>%1: click to beat %2</source>
        <translation>%1: щёлкните, чтобы побить %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="394"/>
        <source>Game over: %1 has no cards left</source>
        <translation>Игра окончена: %1 без карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="397"/>
        <source>Game over</source>
        <translation>Игра окончена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="403"/>
        <source>Draw a card: click the deck or press D</source>
        <translation>Возьмите карту: щёлкните колоду или нажмите D</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="405"/>
        <source>Beat a lit table card with %1: click it</source>
        <translation>Побейте картой %1 подсвеченную карту на столе: щёлкните её</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="409"/>
        <source>, or place it (P)</source>
        <translation> или положите её на стол (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="412"/>
        <source>%1 beats nothing: place it (P)</source>
        <translation>%1 ничего не бьёт: положите её на стол (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="417"/>
        <source>Your lead to %1: choose 1, 3 or 5 cards (one card and pairs)</source>
        <translation>Ваш ход, отбивается %1: выберите 1, 3 или 5 карт (одну карту и пары)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="421"/>
        <source>: lead them (L)</source>
        <translation>: ходите ими (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="423"/>
        <source>: not a lead (one card and pairs of a rank)</source>
        <translation>: так ходить нельзя (одна карта и пары одного достоинства)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="428"/>
        <source>Beat %1 with a lit card, or take (T)</source>
        <translation>Побейте %1 подсвеченной картой или возьмите (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="432"/>
        <source>; ↑/↓ or a click aims at another card</source>
        <translation>; ↑/↓ или щелчок выбирают другую карту</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="434"/>
        <source>Nothing beats the lead: take (T)</source>
        <translation>Нечем отбиться: возьмите (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/view.py" line="437"/>
        <source>Mouse: click the deck to draw, a lit table card to beat it; in play click cards for your lead and press Lead, or click a lit card to beat the marked attack card.
Keys: D draw, ←/→ and Enter choose; L lead the chosen cards, ↑/↓ aim at another attack card, T take, P place.</source>
        <translation>Мышь: щёлкните колоду, чтобы взять карту, подсвеченную карту на столе, чтобы побить её; в игре щёлкайте карты для хода и нажмите «Ходить» или щёлкните подсвеченную карту, чтобы побить отмеченную карту хода.
Клавиши: D взять, ←/→ и Enter выбрать; L ходить выбранными картами, ↑/↓ выбрать другую карту хода, T взять, P положить.</translation>
    </message>
</context>
<context>
    <name>RoundCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Колода: %n карта</numerusform>
            <numerusform>Колода: %n карты</numerusform>
            <numerusform>Колода: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="27"/>
        <source>Beaten off: %n card(s)</source>
        <translation>
            <numerusform>В отбое %n карта</numerusform>
            <numerusform>В отбое %n карты</numerusform>
            <numerusform>В отбое %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="31"/>
        <source>%n card(s) chosen</source>
        <translation>
            <numerusform>Выбрана %n карта</numerusform>
            <numerusform>Выбраны %n карты</numerusform>
            <numerusform>Выбрано %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="35"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 берёт %n карту</numerusform>
            <numerusform>%1 берёт %n карты</numerusform>
            <numerusform>%1 берёт %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="39"/>
        <source>%n beaten card(s) leave the game</source>
        <translation>
            <numerusform>%n побитая карта уходит из игры</numerusform>
            <numerusform>%n побитые карты уходят из игры</numerusform>
            <numerusform>%n побитых карт уходят из игры</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="44"/>
        <source>%1 draws the last card and takes it with %n card(s) from the table</source>
        <translation>
            <numerusform>%1 берёт последнюю карту и вместе с ней %n карту со стола</numerusform>
            <numerusform>%1 берёт последнюю карту и вместе с ней %n карты со стола</numerusform>
            <numerusform>%1 берёт последнюю карту и вместе с ней %n карт со стола</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RoundLog</name>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="72"/>
        <source>%1 draws %2</source>
        <translation>%1 берёт из колоды %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="75"/>
        <source>%1 beats %3 on the table with %2 and takes both</source>
        <translation>%1 бьёт %3 на столе картой %2 и забирает обе</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="82"/>
        <source>%1 lays %2 on the table</source>
        <translation>%1 кладёт %2 на стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="90"/>
        <source>%1 leads %2 to %3</source>
        <translation>%1 ходит %2, отбивается %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="97"/>
        <source>%1 beats %2 with %3</source>
        <translation>%1 бьёт %2 картой %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="116"/>
        <source>No cards left: %1 wins</source>
        <translation>Карт не осталось: выигрывает %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="119"/>
        <source>%1 holds the most cards: the fool</source>
        <translation>%1 держит больше всех карт: дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="124"/>
        <source>Nobody is the fool</source>
        <translation>Дурака нет</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/rules_help.py" line="216"/>
        <source>Rules</source>
        <translation>Правила</translation>
    </message>
</context>
<context>
    <name>RulesHelp</name>
    <message>
        <location filename="../../durak_qt/dialogs/rules_help.py" line="157"/>
        <location filename="../../durak_qt/games/family3/rules.py" line="95"/>
        <source>How it is played</source>
        <translation>Как играют</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/rules_help.py" line="158"/>
        <source>Rules common to every variant</source>
        <translation>Правила, общие для всех вариантов</translation>
    </message>
</context>
<context>
    <name>Rummy</name>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="212"/>
        <source>Deck empty</source>
        <translation>Колода пуста</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="227"/>
        <source>No discards</source>
        <translation>Сброса нет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="162"/>
        <source>%1 (not opened yet)</source>
        <translation>%1 (ещё не открылся)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="434"/>
        <source>The deck: click to draw a card (D)</source>
        <translation>Колода: щёлкните, чтобы взять карту (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="435"/>
        <source>The deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="439"/>
        <source>%1: click to take it (T)</source>
        <translation>%1: щёлкните, чтобы взять её (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="441"/>
        <source>Discards: click to discard the picked card (X)</source>
        <translation>Сброс: щёлкните, чтобы сбросить выбранную карту (X)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="442"/>
        <source>Discards: %1 on top</source>
        <translation>Сброс: сверху %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="446"/>
        <source>%1 of a combination of %2</source>
        <translation>%1 из комбинации игрока %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="451"/>
        <source>Click to put the picked card here (A)</source>
        <translation>Щёлкните, чтобы положить сюда выбранную карту (A)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="456"/>
        <source>%1: picked; click to put it back</source>
        <translation>%1: выбрана; щёлкните, чтобы вернуть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="458"/>
        <source>%1: click to pick it</source>
        <translation>%1: щёлкните, чтобы выбрать</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="497"/>
        <source>Hand over: %1 went out</source>
        <translation>Кон окончен: у игрока %1 не осталось карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="500"/>
        <source>Hand over: nobody went out</source>
        <translation>Кон окончен: никто не избавился от карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="508"/>
        <source>Draw from the deck (D) or take %1 (T)</source>
        <translation>Возьмите из колоды (D) или %1 из сброса (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="510"/>
        <source>Draw from the deck (D)</source>
        <translation>Возьмите карту из колоды (D)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="513"/>
        <source>Put the joker you took back on the table</source>
        <translation>Положите на стол джокера, которого вы забрали</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="515"/>
        <source>Lay out %1 (L)</source>
        <translation>Выложить %1 (L)</translation>
    </message>
    <message>
        <source>Lay out %1 as a run (L)</source>
        <translation>Выложить %1 последовательностью (L)</translation>
    </message>
    <message>
        <source>Lay out %1 as a set (L)</source>
        <translation>Выложить %1 набором (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="519"/>
        <source>Click a lit combination for %1, or press A</source>
        <translation>Щёлкните подсвеченную комбинацию для %1 или нажмите A</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="523"/>
        <source>Discard %1 (X) to end your turn</source>
        <translation>Сбросьте %1 (X), чтобы закончить ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="89"/>
        <source>These cards make no move: pick others</source>
        <translation>С этими картами хода нет: выберите другие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="76"/>
        <source>Nothing is laid out in the first round, until everyone has moved once</source>
        <translation>В первом круге ничего не выкладывают, пока каждый не сходит по разу</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="82"/>
        <source>You hold %1: lay it, not a joker in its place</source>
        <translation>У вас есть %1: выкладывайте её, а не джокера вместо неё</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="85"/>
        <source>Lay more first: no discard before your first laying reaches %1</source>
        <translation>Выложите ещё: сбрасывать нельзя, пока первая выкладка не достигнет %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="88"/>
        <source>These cards make no run or set: pick others</source>
        <translation>Эти карты не составляют ни последовательности, ни набора: выберите другие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="529"/>
        <source>Pick cards for a run or a set, or one card to discard</source>
        <translation>Выберите карты для последовательности или набора или одну карту для сброса</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="531"/>
        <source>Pick cards for another run or set: no discard before %1</source>
        <translation>Выберите ещё последовательность или набор: сбросить можно, когда наберёте %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="534"/>
        <source>Pick a card to discard or to add to the table</source>
        <translation>Выберите карту, чтобы сбросить её или добавить на стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/view.py" line="541"/>
        <source>Mouse: click cards of your hand to pick them, then Lay out; click a lit combination to add the picked card, the discards to discard it, the deck to draw.
Keys: ←/→ choose a card, Space pick it, L lay out, ↑/↓ and A (or Enter) add it, X discard, D draw, T take the discard.</source>
        <translation>Мышь: щёлкайте карты на руке, чтобы выбрать их, затем «Выложить»; щёлкните подсвеченную комбинацию, чтобы добавить к ней выбранную карту, сброс — чтобы сбросить её, колоду — чтобы взять карту.
Клавиши: ←/→ выбрать карту, пробел — взять в выбор, L выложить, ↑/↓ и A (или Enter) добавить, X сбросить, D взять из колоды, T взять из сброса.</translation>
    </message>
</context>
<context>
    <name>RummyCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Колода: %n карта</numerusform>
            <numerusform>Колода: %n карты</numerusform>
            <numerusform>Колода: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="27"/>
        <source>Discards: %n card(s)</source>
        <translation>
            <numerusform>Сброс: %n карта</numerusform>
            <numerusform>Сброс: %n карты</numerusform>
            <numerusform>Сброс: %n карт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="31"/>
        <source>laid %n point(s) of %1</source>
        <translation>
            <numerusform>выложено %n очко из %1</numerusform>
            <numerusform>выложено %n очка из %1</numerusform>
            <numerusform>выложено %n очков из %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="36"/>
        <source>These cards bring your first laying to %n point(s); it must reach %1 this turn</source>
        <translation>
            <numerusform>С этими картами первая выкладка даёт %n очко, а нужно %1 за этот ход</numerusform>
            <numerusform>С этими картами первая выкладка даёт %n очка, а нужно %1 за этот ход</numerusform>
            <numerusform>С этими картами первая выкладка даёт %n очков, а нужно %1 за этот ход</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="43"/>
        <source>%1 goes out discarding %n joker(s)</source>
        <translation>
            <numerusform>%1 выходит, сбросив %n джокера</numerusform>
            <numerusform>%1 выходит, сбросив %n джокера</numerusform>
            <numerusform>%1 выходит, сбросив %n джокеров</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="47"/>
        <source>%1 has the most points: %n</source>
        <translation>
            <numerusform>У игрока %1 больше всех очков: %n</numerusform>
            <numerusform>У игрока %1 больше всех очков: %n</numerusform>
            <numerusform>У игрока %1 больше всех очков: %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RummyLog</name>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="81"/>
        <source>%1 draws a card from the deck</source>
        <translation>%1 берёт карту из колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="84"/>
        <source>%1 takes %2 from the discards</source>
        <translation>%1 берёт %2 из сброса</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="89"/>
        <source>%1 lays out %2</source>
        <translation>%1 выкладывает %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="93"/>
        <source>%1 adds %2 to a combination of their own</source>
        <translation>%1 добавляет %2 к своей комбинации</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="95"/>
        <source>%1 adds %2 to a combination of %3</source>
        <translation>%1 добавляет %2 к комбинации игрока %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="102"/>
        <source>%1 puts %2 in place of a joker and takes the joker</source>
        <translation>%1 кладёт %2 на место джокера и забирает джокера</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="107"/>
        <source>%1 discards %2</source>
        <translation>%1 сбрасывает %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="109"/>
        <source>The deck is used up: the discards are turned over as a new deck</source>
        <translation>Колода кончилась: сброс перевёрнут и стал новой колодой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="115"/>
        <source>%1 has no cards left and goes out</source>
        <translation>%1 избавляется от всех карт и выходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="117"/>
        <source>The deck ran out again with nothing laid: the hand ends with no winner</source>
        <translation>Колода снова кончилась, а на стол ничего не выложено: кон окончен без победителя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="124"/>
        <source>The hand is over</source>
        <translation>Кон окончен</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="303"/>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="307"/>
        <source>Your name</source>
        <translation>Ваше имя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="311"/>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="313"/>
        <source>Small</source>
        <translation>Маленькие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="313"/>
        <source>Medium</source>
        <translation>Средние</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="313"/>
        <source>Large</source>
        <translation>Большие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="317"/>
        <source>Card size</source>
        <translation>Размер карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="320"/>
        <source>Off</source>
        <translation>Выключены</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="321"/>
        <source>Fast</source>
        <translation>Быстрые</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="322"/>
        <source>Normal</source>
        <translation>Обычные</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="323"/>
        <source>Slow</source>
        <translation>Медленные</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="328"/>
        <source>Animations</source>
        <translation>Анимация</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="329"/>
        <source>Sounds (deal, play, take, your turn)</source>
        <translation>Звуки (раздача, ход, взятие, ваша очередь)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="331"/>
        <source>Sound</source>
        <translation>Звук</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="346"/>
        <source>Green felt</source>
        <translation>Зелёное сукно</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="347"/>
        <source>Dark</source>
        <translation>Тёмный</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="348"/>
        <source>High contrast</source>
        <translation>Высокая контрастность</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="353"/>
        <source>Table look</source>
        <translation>Вид стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="355"/>
        <source>Four-colour deck (diamonds blue, clubs green)</source>
        <translation>Четырёхцветная колода (бубны синие, трефы зелёные)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="358"/>
        <source>Suits</source>
        <translation>Масти</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="362"/>
        <source>Every network of this computer</source>
        <translation>Все сети этого компьютера</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="365"/>
        <source>Where to look for tables and listen for players: leave it empty for every network of this computer, or name one network interface or address (for example eth0 or 192.168.1.20). Used from the next table on.</source>
        <translation>Где искать столы и ждать игроков: оставьте пустым для всех сетей этого компьютера или укажите один сетевой интерфейс или адрес (например, eth0 или 192.168.1.20). Действует со следующего стола.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="333"/>
        <source>By suit, trumps last</source>
        <translation>По мастям, козыри в конце</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="333"/>
        <source>By rank, trumps last</source>
        <translation>По старшинству, козыри в конце</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="337"/>
        <source>Sort your hand</source>
        <translation>Сортировка карт в руке</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="339"/>
        <source>Blue</source>
        <translation>Синяя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="339"/>
        <source>Red</source>
        <translation>Красная</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="343"/>
        <source>Card back</source>
        <translation>Рубашка карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="370"/>
        <source>Network</source>
        <translation>Сеть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="382"/>
        <source>The history keeps this many finished games; the oldest go first.</source>
        <translation>Столько сыгранных партий хранит история; старые удаляются первыми.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="384"/>
        <source>Games kept</source>
        <translation>Хранить партий</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/options.py" line="409"/>
        <source>Network: %1</source>
        <translation>Сеть: %1</translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="136"/>
        <source>Copied ✓</source>
        <translation>Скопировано ✓</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="176"/>
        <source>Game log</source>
        <translation>Ход игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="177"/>
        <source>Chat</source>
        <translation>Чат</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="178"/>
        <source>Message the table…</source>
        <translation>Сообщение…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="179"/>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="180"/>
        <source>Settings…</source>
        <translation>Настройки…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="181"/>
        <source>Leave table</source>
        <translation>Выйти из-за стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="182"/>
        <source>Leave this game and go back to the lobby</source>
        <translation>Бросить игру и вернуться в лобби</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="184"/>
        <source>Copy invitation</source>
        <translation>Копировать приглашение</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="189"/>
        <source>Copy the invitation to this table for players whose lobby does not show it (they choose “Join by address…”)</source>
        <translation>Скопировать приглашение за этот стол для игроков, у которых его нет в лобби (они выбирают «Войти по адресу…»)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="209"/>
        <source>The host turned spectators&apos; chat off</source>
        <translation>Хозяин стола отключил чат зрителей</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="215"/>
        <source>Stop watching</source>
        <translation>Уйти</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="216"/>
        <source>Back to the lobby; the table plays on (Esc)</source>
        <translation>Назад в лобби; за столом играют дальше (Esc)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/side_panel.py" line="220"/>
        <source>Watching: %1</source>
        <translation>Смотрят: %1</translation>
    </message>
</context>
<context>
    <name>StalledWords</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="124"/>
        <source>%1 did not move for %n minute(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>%1 не ходил(а) %n минуту; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>%1 не ходил(а) %n минуты; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>%1 не ходил(а) %n минут; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="132"/>
        <source>%1 did not move for %n second(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>%1 не ходил(а) %n секунду; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>%1 не ходил(а) %n секунды; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>%1 не ходил(а) %n секунд; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="140"/>
        <source>You did not move for %n minute(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>Вы не ходили %n минуту; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>Вы не ходили %n минуты; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>Вы не ходили %n минут; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="148"/>
        <source>You did not move for %n second(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>Вы не ходили %n секунду; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>Вы не ходили %n секунды; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
            <numerusform>Вы не ходили %n секунд; игра закончилась недоигранной, и никто не проигрывает.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableController</name>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="270"/>
        <source>%1 is back.</source>
        <translation>%1 снова на связи.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="296"/>
        <source>%1 is not answering. The table waits until %2; if %1 is not back by then, %1 is the fool by forfeit.</source>
        <translation>%1 не отвечает. Стол ждёт до %2; если %1 к этому времени не вернётся, %1 — дурак по неявке.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/controller.py" line="336"/>
        <source>Shuffling the talon again… every peer checks every proof</source>
        <translation>Колоду тасуют заново… все проверяют доказательства</translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="232"/>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="709"/>
        <source>Talon: %1</source>
        <translation>Колода: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="711"/>
        <source>Talon empty</source>
        <translation>Колода кончилась</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="715"/>
        <source>Discard: %1</source>
        <translation>Бито: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="730"/>
        <source>Trump</source>
        <translation>Козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="742"/>
        <source>Trump suit: %1</source>
        <translation>Козырная масть: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="744"/>
        <source>No trump in this game</source>
        <translation>В этой игре козыря нет</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="664"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="677"/>
        <source>bot</source>
        <translation>бот</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="680"/>
        <source> (you)</source>
        <translation> (вы)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="682"/>
        <source>▲ your move</source>
        <translation>▲ ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="682"/>
        <source>▲ to move</source>
        <translation>▲ ходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="769"/>
        <source>Click here to play %1</source>
        <translation>Нажмите сюда, чтобы сыграть %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="771"/>
        <source>Choose a card to attack with</source>
        <translation>Выберите карту для хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="826"/>
        <source>FOOL</source>
        <translation>ДУРАК</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="828"/>
        <source>OUT</source>
        <translation>ВЫШЕЛ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="831"/>
        <source>TAKES</source>
        <translation>БЕРЁТ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="832"/>
        <source>DEFENDS</source>
        <translation>ОТБИВАЕТСЯ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="835"/>
        <source>ATTACKS · BITO</source>
        <translation>ХОДИЛ · БИТО</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="838"/>
        <source>BITO</source>
        <translation>БИТО</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="836"/>
        <source>ATTACKS</source>
        <translation>ХОДИТ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/layout.py" line="256"/>
        <source>The trump card lies face down; the trump suit is %1</source>
        <translation>Козырная карта лежит рубашкой вверх; козырь — %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/layout.py" line="323"/>
        <source>Beaten face down</source>
        <translation>Побита картой рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/layout.py" line="325"/>
        <source>Beaten face down with %1 (only its owner sees it)</source>
        <translation>Побита картой %1 рубашкой вверх (видит только её хозяин)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="762"/>
        <source>%n locked card(s): face down, unknown even to their owner</source>
        <translation>
            <numerusform>%n запертая карта: рубашкой вверх, её не знает даже хозяин</numerusform>
            <numerusform>%n запертые карты: рубашкой вверх, их не знает даже хозяин</numerusform>
            <numerusform>%n запертых карт: рубашкой вверх, их не знает даже хозяин</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="720"/>
        <source>Out of play: %1</source>
        <translation>Вне игры: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="724"/>
        <source>Cards taken out of the game, face down: nobody will play them</source>
        <translation>Карты, убранные из игры рубашкой вверх: ими никто не сыграет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="730"/>
        <source>Your trump</source>
        <translation>Ваш козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="734"/>
        <source>Every player has his own trump suit; yours is %1</source>
        <translation>У каждого игрока свой козырь; ваш — %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="738"/>
        <source>Trump suit: %1 (the trump card lies face down)</source>
        <translation>Козырь: %1 (козырная карта лежит рубашкой вверх)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="667"/>
        <location filename="../../durak_qt/table/scene.py" line="757"/>
        <source>%n locked</source>
        <translation>
            <numerusform>%n заперта</numerusform>
            <numerusform>%n заперты</numerusform>
            <numerusform>%n заперто</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="670"/>
        <source>trump %1</source>
        <translation>козырь %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="790"/>
        <source>Mouse: click a lit card, then the card to beat or the middle of the table; or drag it there.
Keys: ←/→ choose a card, Space add another, ↑/↓ choose the card to beat, Enter play, T take, P pass, R transfer, Esc cancel.
Some variants: F face down, A accept, C check, X exchange, L lead the talon.</source>
        <translation>Мышь: нажмите на подсвеченную карту, затем на карту, которую бьёте, или на середину стола; или перетащите её туда.
Клавиши: ←/→ выбрать карту, пробел добавить ещё одну, ↑/↓ выбрать, какую карту бить, Enter сыграть, T взять, P пас, R перевести, Esc отмена.
В некоторых вариантах: F рубашкой вверх, A верю, C проверяю, X обмен, L ход из колоды.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="820"/>
        <source>%n strap(s)</source>
        <translation>
            <numerusform>%n погон</numerusform>
            <numerusform>%n погона</numerusform>
            <numerusform>%n погонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="821"/>
        <source>%n beaten</source>
        <translation>
            <numerusform>%n побита</numerusform>
            <numerusform>%n побиты</numerusform>
            <numerusform>%n побито</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="842"/>
        <source>%1: %n card(s)</source>
        <translation>
            <numerusform>%1: %n карта</numerusform>
            <numerusform>%1: %n карты</numerusform>
            <numerusform>%1: %n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="847"/>
        <source>Known to you: %1</source>
        <translation>Вы знаете: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="851"/>
        <source>A bot run by %1, which can see this bot&apos;s cards.</source>
        <translation>Бот, которого запускает %1: ему видны карты этого бота.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="858"/>
        <source>Click to lead the top card of the talon (L)</source>
        <translation>Нажмите, чтобы пойти верхней картой колоды (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="864"/>
        <source>Your card: only the others see it. Click to choose it, then where to play it</source>
        <translation>Ваша карта: её видят только другие. Нажмите, чтобы выбрать её, затем — куда сыграть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="866"/>
        <source>Your card: you do not see its face</source>
        <translation>Ваша карта: вы не видите её лицо</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="871"/>
        <source>%1: click to choose, then click where to play it (or drag it)</source>
        <translation>%1: нажмите, чтобы выбрать, затем нажмите, куда сыграть (или перетащите)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="875"/>
        <source>%1: click to beat it with the chosen card</source>
        <translation>%1: нажмите, чтобы побить выбранной картой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="885"/>
        <source>Game over: a draw</source>
        <translation>Игра окончена: ничья</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="886"/>
        <source>Game over: %1 is the fool</source>
        <translation>Игра окончена: %1 в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="892"/>
        <source>Your move: accept the face-down card or check it</source>
        <translation>Ваш ход: поверьте закрытой карте или проверьте её</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="894"/>
        <source>Your move: beat, take, or exchange two cards</source>
        <translation>Ваш ход: отбейтесь, возьмите или обменяйте две карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="896"/>
        <source>Your move: beat face down or take</source>
        <translation>Ваш ход: покройте рубашкой вверх или возьмите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="899"/>
        <source>Your move: beat, transfer or take</source>
        <translation>Ваш ход: бейте, переводите или берите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="900"/>
        <source>Your move: beat the cards or take them</source>
        <translation>Ваш ход: отбейтесь или возьмите карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="902"/>
        <source>Your move: attack, or lead the talon&apos;s top card</source>
        <translation>Ваш ход: ходите с руки или верхней картой колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="904"/>
        <source>Your move: attack</source>
        <translation>Ваш ход: ходите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="906"/>
        <source>Your move: throw in more cards or pass</source>
        <translation>Ваш ход: подкиньте ещё или пасуйте</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="908"/>
        <source>Your move: take the cards</source>
        <translation>Ваш ход: берите карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="911"/>
        <source>Your move: let them finish (Pass)</source>
        <translation>Ваш ход: пусть доподкидывают (Пас)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="912"/>
        <source>Nothing to throw in: press Pass (Bito)</source>
        <translation>Подкинуть нечего: нажмите «Пас / Бито»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="913"/>
        <source>Your move</source>
        <translation>Ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="918"/>
        <source>One moment: the peers check the cards</source>
        <translation>Минуту: участники проверяют карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="920"/>
        <source>Waiting for %1 to accept or check the face-down card</source>
        <translation>Ждём, поверит ли %1 закрытой карте или проверит её</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="924"/>
        <source>Waiting for %1</source>
        <translation>Ждём: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="320"/>
        <location filename="../../durak_qt/table/scene.py" line="332"/>
        <source>left the table</source>
        <translation>ушёл(а) из-за стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="320"/>
        <location filename="../../durak_qt/table/scene.py" line="332"/>
        <source>not responding</source>
        <translation>не отвечает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="323"/>
        <source>Time to come back is up</source>
        <translation>Время на возвращение вышло</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="324"/>
        <source>%1 to come back</source>
        <translation>%1 на возвращение</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/scene.py" line="367"/>
        <source>The game waits for this player until the countdown ends; then the table ends as the rules for a departed player say.</source>
        <translation>Игра ждёт этого игрока, пока не кончится отсчёт; потом стол завершается так, как правила велят для ушедшего игрока.</translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/view.py" line="256"/>
        <location filename="../../durak_qt/table/view.py" line="344"/>
        <source>%n s left to move</source>
        <translation>
            <numerusform>На ход %n секунда</numerusform>
            <numerusform>На ход %n секунды</numerusform>
            <numerusform>На ход %n секунд</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="263"/>
        <source>Take (T)</source>
        <translation>Взять (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="263"/>
        <source>Pick up all the cards on the table</source>
        <translation>Забрать все карты со стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="264"/>
        <source>Pass / Bito (P)</source>
        <translation>Пас / Бито (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="264"/>
        <source>Done: throw in no more cards</source>
        <translation>Всё: больше не подкидываю</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="266"/>
        <source>Transfer (R)</source>
        <translation>Перевести (R)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="267"/>
        <source>Pass the attack on with a card of the same rank (choose it first)</source>
        <translation>Перевести ход картой того же достоинства (сначала выберите её)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="270"/>
        <source>Show trump</source>
        <translation>Показать козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="271"/>
        <source>Transfer by showing the trump of that rank (choose it first)</source>
        <translation>Перевести, показав козырь того же достоинства (сначала выберите его)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="274"/>
        <source>Accept (A)</source>
        <translation>Верю (A)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="275"/>
        <source>Believe the face-down card: it counts as beaten, nobody sees it</source>
        <translation>Поверить закрытой карте: карта считается побитой, её никто не видит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="278"/>
        <source>Check (C)</source>
        <translation>Проверяю (C)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="280"/>
        <source>Turn the face-down card over: if it does not beat, the defender takes; if it does, you take</source>
        <translation>Перевернуть закрытую карту: если она не бьёт, берёт отбивающийся; если бьёт, берёте вы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="285"/>
        <source>Lead from talon (L)</source>
        <translation>Ход из колоды (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="286"/>
        <source>Lead the top card of the talon instead of a card of your hand</source>
        <translation>Пойти верхней картой колоды вместо карты с руки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="289"/>
        <source>Face down (F)</source>
        <translation>Рубашкой вверх (F)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="291"/>
        <source>Beat with the card face down (any card; the attacker may check it). Or right-click the card to beat.</source>
        <translation>Покрыть картой рубашкой вверх (любой картой; ходящий может проверить). Или щёлкните правой кнопкой по карте, которую бьёте.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="296"/>
        <source>Exchange (X)</source>
        <translation>Обмен (X)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="297"/>
        <source>Swap the two chosen cards with two from the talon (once per bout)</source>
        <translation>Обменять две выбранные карты на две из колоды (раз за кон)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="235"/>
        <source>Passed for you: nothing to do until the others finish</source>
        <translation>Пас за вас: делать нечего, пока остальные не закончат</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/view.py" line="237"/>
        <source>Nothing to throw in: passed for you</source>
        <translation>Подкинуть нечего: пас сделан за вас</translation>
    </message>
</context>
<context>
    <name>TrumpChoiceDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="35"/>
        <source>Name the trump suit</source>
        <translation>Назовите козырную масть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="41"/>
        <source>You deal, and the whole deck is dealt: name the trump suit before the cards are dealt.</source>
        <translation>Вы сдаёте, и сдаётся вся колода: назовите козырную масть до раздачи.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="49"/>
        <source>Clubs</source>
        <translation>Трефы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="50"/>
        <source>Diamonds</source>
        <translation>Бубны</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="51"/>
        <source>Hearts</source>
        <translation>Червы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="52"/>
        <source>Spades</source>
        <translation>Пики</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="92"/>
        <source>%n second(s) left; then a suit is chosen for you.</source>
        <translation>
            <numerusform>Осталась %n секунда, затем масть выберут за вас.</numerusform>
            <numerusform>Осталось %n секунды, затем масть выберут за вас.</numerusform>
            <numerusform>Осталось %n секунд, затем масть выберут за вас.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TurnDeadline</name>
    <message>
        <location filename="../../durak_qt/table/turn_deadline.py" line="24"/>
        <location filename="../../durak_qt/games/family3/lan_game.py" line="388"/>
        <source>Play within %1 s, or you lose this game by forfeit.</source>
        <translation>Сделайте ход за %1 с, иначе вам засчитают поражение.</translation>
    </message>
</context>
<context>
    <name>Variants</name>
    <message>
        <location filename="../../durak_qt/variants.py" line="8"/>
        <source>Simple fool</source>
        <translation>Простой дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="9"/>
        <source>Throw-in fool (podkidnoy)</source>
        <translation>Подкидной дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="10"/>
        <source>Transfer fool (perevodnoy)</source>
        <translation>Переводной дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="11"/>
        <source>Transfer by showing the trump</source>
        <translation>Перевод показом козыря</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="12"/>
        <source>Transferable fool 2</source>
        <translation>Переводной дурак 2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="13"/>
        <source>American fool</source>
        <translation>Американский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="14"/>
        <source>Team fool (pairs)</source>
        <translation>Парный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="15"/>
        <source>Scored throw-in (Kozlov)</source>
        <translation>Подкидной на очки (Козлов)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="16"/>
        <source>Japanese fool</source>
        <translation>Японский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="17"/>
        <source>Albanian fool</source>
        <translation>Албанский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="18"/>
        <source>Armenian fool</source>
        <translation>Армянский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="19"/>
        <source>Trumpless fool</source>
        <translation>Бескозырный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="20"/>
        <source>Big fool</source>
        <translation>Большой дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="21"/>
        <source>I believe / I don&apos;t believe</source>
        <translation>Верю — не верю</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="22"/>
        <source>Two-trump fool</source>
        <translation>Двухкозырный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="23"/>
        <source>Boring fool</source>
        <translation>Скучный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="24"/>
        <source>Trump-change fool</source>
        <translation>Дурак со сменой козыря</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="25"/>
        <source>Royal fool</source>
        <translation>Королевский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="26"/>
        <source>Circular fool</source>
        <translation>Круговой дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="27"/>
        <source>Magadan fool</source>
        <translation>Магаданский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="28"/>
        <source>Piled-up fool</source>
        <translation>Дурак на всю колоду</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="29"/>
        <source>Invisible fool</source>
        <translation>Невидимый дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="30"/>
        <source>Reverse fool (werefool)</source>
        <translation>Дурак-перевёртыш (оборотень)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="31"/>
        <source>Crazy fool</source>
        <translation>Сумасшедший дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="32"/>
        <source>Point fool (spectacled)</source>
        <translation>Очковый дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="33"/>
        <source>Shoulder-strap fool (pogony)</source>
        <translation>Дурак с погонами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="34"/>
        <source>Poker fool</source>
        <translation>Покерный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="35"/>
        <source>Secret fool</source>
        <translation>Секретный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="36"/>
        <source>Empty fool</source>
        <translation>Пустой дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="37"/>
        <source>Treshka</source>
        <translation>Трёшка</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="38"/>
        <source>Chukotka fool</source>
        <translation>Чукотский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="39"/>
        <source>Chinese fool</source>
        <translation>Китайский дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="40"/>
        <source>Fool with two jokers</source>
        <translation>Дурак с двумя джокерами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="44"/>
        <source>Attack with one card or two of a rank; nobody throws in.</source>
        <translation>Ходят одной картой или двумя одного достоинства; не подкидывают.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="47"/>
        <source>Everyone throws in cards of the ranks on the table; at most 6 per bout.</source>
        <translation>Все подкидывают карты достоинств, что лежат на столе; не больше 6 за кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="50"/>
        <source>Before beating, the defender may pass the attack on with a card of that rank.</source>
        <translation>Пока не начал бить, отбивающийся может перевести ход картой того же достоинства.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="53"/>
        <source>Transfer also by showing the trump of that rank, once per bout.</source>
        <translation>Переводить можно и показом козыря того же достоинства, раз за кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="56"/>
        <source>The defender may transfer even after beating has started.</source>
        <translation>Переводить можно и после того, как начал отбиваться.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="59"/>
        <source>Having beaten everything, the defender may throw in on himself and beat that too.</source>
        <translation>Отбившись, защитник может подкинуть сам себе и отбить и это.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="63"/>
        <source>2x2, 3x3 or three pairs; the teams alternate round the table, and partners never attack each other.</source>
        <translation>2 на 2, 3 на 3 или три пары; команды чередуются по кругу, и партнёры не ходят друг под друга.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="68"/>
        <source>Throw-in for 2 to 4 players, scored: 2 points a win, 1 a draw.</source>
        <translation>Подкидной на 2–4 игроков со счётом: 2 очка за победу, 1 за ничью.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="71"/>
        <source>Diamonds are always trump; spades are beaten only by higher spades.</source>
        <translation>Бубны всегда козырь; пики бьются только старшими пиками.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="75"/>
        <source>The whole deck is ordered by rank, aces on top; the lowest card at the bottom is trump.</source>
        <translation>Вся колода сложена по достоинству, тузы сверху; младшая карта внизу — козырь.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="79"/>
        <source>The lead attacker may lead the top card of the talon instead of a card from hand.</source>
        <translation>Заходящий может пойти верхней картой колоды вместо карты с руки.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="83"/>
        <source>No trump suit; the lowest card leads first.</source>
        <translation>Козыря нет; первым ходит владелец самой младшей карты.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="87"/>
        <source>Two 52-card decks, 2 to 12 players; 52 cards or more in hand loses at once.</source>
        <translation>Две колоды по 52 карты, от 2 до 12 игроков; у кого на руке 52 карты или больше, сразу проигрывает.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="91"/>
        <source>Beat face down if you dare; the attacker accepts or checks, and the liar takes the bout.</source>
        <translation>Отбивайтесь рубашкой вверх, если рискнёте; нападающий верит или проверяет, и кто ошибся, тот забирает кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="95"/>
        <source>Every player has his own trump suit, turned up from the bottom of the talon.</source>
        <translation>У каждого игрока своя козырная масть, открытая с низа колоды.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="99"/>
        <source>Lead only with cards of your highest rank.</source>
        <translation>Заходить можно только картами своего старшего достоинства.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="103"/>
        <source>With two cards left in the talon the bottom card is swapped with the trump: a new trump.</source>
        <translation>Когда в колоде две карты, нижнюю меняют с козырной: новый козырь.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="107"/>
        <source>The lowest rank is beaten only by the ace of its suit or the trump ace.</source>
        <translation>Младшую карту бьёт только туз её масти или козырный туз.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="111"/>
        <source>After every bout each player passes his hand to the player on his left.</source>
        <translation>После каждого кона каждый передаёт свою руку игроку слева.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="115"/>
        <source>All but one dealt card are locked face down; one unlocks per discarded bout.</source>
        <translation>Все сданные карты, кроме одной, закрыты; после каждого отбоя открывается по одной.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="119"/>
        <source>The whole deck is dealt at once; the last card dealt shows the trump; no talon.</source>
        <translation>Сдаётся сразу вся колода; последняя сданная карта показывает козырь; колоды нет.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="123"/>
        <source>The trump suit is known but the trump card stays hidden until one card is left.</source>
        <translation>Козырная масть известна, но сама козырная карта скрыта, пока в колоде не останется одна карта.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="127"/>
        <source>You see every hand but your own; a wrong beat, throw or transfer takes the bout.</source>
        <translation>Вы видите все руки, кроме своей; кто ошибся, отбиваясь, подкидывая или переводя, забирает кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="131"/>
        <source>Every second discarded bout is shuffled back into the talon.</source>
        <translation>Каждый второй отбой замешивается обратно в колоду.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="135"/>
        <source>The winner is whoever beat the most cards.</source>
        <translation>Побеждает тот, кто отбил больше всех карт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="139"/>
        <source>Score a shoulder strap when the defender takes exactly two cards of one rank.</source>
        <translation>Погон засчитывается, когда отбивающийся берёт ровно две карты одного достоинства.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="143"/>
        <source>Before beating, the defender may swap two cards with the talon once per bout.</source>
        <translation>Пока не отбивался, отбивающийся может раз за кон обменять две карты с колодой.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="147"/>
        <source>A hidden card under the trump becomes the trump once the talon is gone.</source>
        <translation>Скрытая карта под козырной становится козырем, когда колода кончится.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="151"/>
        <source>Draw from the talon only when your hand is empty.</source>
        <translation>Добирать из колоды можно, только когда рука пуста.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="155"/>
        <source>Every lead is three cards of any ranks (two, one when fewer are left); no throwing in.</source>
        <translation>Каждый заход — три карты любых достоинств (две или одна, когда меньше); не подкидывают.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="159"/>
        <source>After the deal the talon with the trump card leaves the game.</source>
        <translation>После сдачи колода вместе с козырной картой выходит из игры.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="163"/>
        <source>The 9 of diamonds leads; beating it ends the bout; a taker keeps only the first card.</source>
        <translation>Первым ходит девятка бубен; отбили её — кон окончен; взявший забирает только первую карту.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="167"/>
        <source>Two jokers join the deck: the joker of the trump colour is the highest card.</source>
        <translation>В колоде два джокера: джокер цвета козыря — старшая карта.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="46"/>
        <source>Czech fool (Mau-Mau)</source>
        <translation>Чешский дурак (Мау-Мау)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="47"/>
        <source>Czech fool, option 1: draw one card</source>
        <translation>Чешский дурак, вариант 1: одна карта из колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="48"/>
        <source>Czech fool, option 2: 32 cards</source>
        <translation>Чешский дурак, вариант 2: 32 карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="49"/>
        <source>Czech fool, option 3: the jack orders</source>
        <translation>Чешский дурак, вариант 3: заказывает валет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="50"/>
        <source>English fool (czech option 4)</source>
        <translation>Английский дурак (чешский, вариант 4)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="51"/>
        <source>Pharaoh (czech option 5)</source>
        <translation>Фараон (чешский, вариант 5)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="52"/>
        <source>Pentagon (czech option 6)</source>
        <translation>Пентагон (чешский, вариант 6)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="53"/>
        <source>Polish fool (czech option 7)</source>
        <translation>Польский дурак (чешский, вариант 7)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="54"/>
        <source>Czech fool, option 8: king of diamonds</source>
        <translation>Чешский дурак, вариант 8: бубновый король</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="55"/>
        <source>Czech fool, option 9: the eight plays on</source>
        <translation>Чешский дурак, вариант 9: восьмёрка ходит дальше</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="59"/>
        <source>Shed your cards by suit or rank; 6, 7 and the ace hit the next player, the queen orders a suit.</source>
        <translation>Сбрасывайте карты в масть или по достоинству; 6, 7 и туз бьют по следующему игроку, дама заказывает масть.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="64"/>
        <source>With no card that fits you draw only one card, then play it or pass.</source>
        <translation>Без подходящей карты берёте из колоды только одну: кладёте её или пропускаете ход.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="67"/>
        <source>32 cards: a seven makes the next player draw two, an eight one.</source>
        <translation>32 карты: семёрка заставляет следующего взять две, восьмёрка — одну.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="70"/>
        <source>Six cards; the leader&apos;s last card opens the pile; the jack orders; a lone jack loses at once.</source>
        <translation>Шесть карт; последняя карта ходящего открывает стопку; заказывает валет; с одним валетом на руке сразу проигрываешь.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="75"/>
        <source>After an ace its player adds a card of its suit and orders another suit.</source>
        <translation>После туза его игрок докладывает карту той же масти и заказывает другую масть.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="78"/>
        <source>Four cards; going out on a queen takes 30 points off, a lone queen costs 30.</source>
        <translation>Четыре карты; выход дамой списывает 30 очков, одна дама на руке стоит 30.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="81"/>
        <source>Suit only (a six also on a six); after a queen&apos;s order the next player misses a turn.</source>
        <translation>Только в масть (шестёрка и на шестёрку); после заказа дамой следующий пропускает ход.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="85"/>
        <source>The jack orders; 7 makes the next draw 2, Q♠ 4, K♠ 6; the ace skips him.</source>
        <translation>Заказывает валет; 7 — следующий берёт 2, Д♠ — 4, К♠ — 6; туз пропускает его ход.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="88"/>
        <source>Draw one card at most; the king of diamonds makes the next draw five.</source>
        <translation>Из колоды — не больше одной карты; бубновый король заставляет следующего взять пять.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/czech/words.py" line="91"/>
        <source>Six cards; an eight lets you play on; 6 and 7 make the next draw 1 and 2; Q♠ is 50.</source>
        <translation>Шесть карт; после восьмёрки ходите дальше; 6 и 7 — следующий берёт 1 и 2; Д♠ — 50 очков.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="41"/>
        <source>Road fool</source>
        <translation>Дорожный дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/road/words.py" line="45"/>
        <source>The whole deck is dealt; one-card attacks; beat the top card of the pile or take it all.</source>
        <translation>Сдаётся вся колода; ходят одной картой; верхнюю карту стопки бьют или забирают всю стопку.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="51"/>
        <source>Complete (round) fool</source>
        <translation>Круговой (полный) дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/round/words.py" line="55"/>
        <source>Draw and beat the eight cards on the table to collect a hand; then lead 1, 3 or 5 cards.</source>
        <translation>Берите карты из колоды и бейте ими восемь карт на столе, собирая руку; затем ходите 1, 3 или 5 картами.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="41"/>
        <source>Cross fool</source>
        <translation>Крестовый дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/cross/words.py" line="45"/>
        <source>Build open piles from the deck, then close a chain of cards; diamonds trump, clubs only by clubs.</source>
        <translation>Собирайте открытые стопки из колоды, затем закрывайте цепочку карт; бубны — козыри, трефы бьются только трефами.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="53"/>
        <source>Durak with pagons</source>
        <translation>Дурак с погонами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/pagons/words.py" line="57"/>
        <source>Throw-in fool, alone or in teams, that ends by hanging your pagons: sixes first, the queen last.</source>
        <translation>Подкидной дурак, каждый за себя или командами, который кончается навешиванием погон: сначала шестёрки, последней — дама.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="53"/>
        <source>Joker (rummy with jokers)</source>
        <translation>Джокер (рамми с джокерами)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/games/rummy/words.py" line="57"/>
        <source>Draw and discard; lay out runs and sets (51 points the first time), add to any combination, win jokers back; the fewest points win.</source>
        <translation>Берите и сбрасывайте; выкладывайте последовательности и наборы (в первый раз 51 очко), добавляйте к любым комбинациям, забирайте джокеров; выигрывает тот, у кого меньше очков.</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="28"/>
        <source>seat %1</source>
        <translation>место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="31"/>
        <source>%1 cheated and was caught: %2</source>
        <translation>Игрок %1 пойман на жульничестве: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="39"/>
        <source>The game was abandoned: %1</source>
        <translation>Игра брошена: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="44"/>
        <source>You left this game (forfeit); the others finish its audit.</source>
        <translation>Вы покинули эту игру (поражение); проверку завершат остальные.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="53"/>
        <source>The audit reached no verdict.</source>
        <translation>Проверка не пришла к решению.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="58"/>
        <source>%1 cheated: %2</source>
        <translation>Жульничество игрока %1: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="65"/>
        <location filename="../../durak_qt/table/verdict.py" line="80"/>
        <source>Left the game (forfeit): %1.</source>
        <translation>Покинули игру (поражение): %1.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="70"/>
        <source>Problem: %1</source>
        <translation>Проблема: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="73"/>
        <source>Verified by every peer: the shuffle proofs, all %1 signed moves and a replay of the game from the opened deck agree.</source>
        <translation>Проверено каждым участником: доказательства тасовки, все %1 подписанных ходов и повтор игры по открытой колоде сходятся.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="94"/>
        <source>%1 never confirmed the final log; the signed result stands.</source>
        <translation>%1 так и не подтвердил(а) итоговую запись игры; подписанный результат остаётся в силе.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table/verdict.py" line="108"/>
        <source>No audit: the cards could not be opened after %1 left. The players who stayed signed this end: %2.</source>
        <translation>Без проверки: после ухода игрока %1 карты открыть нельзя. Оставшиеся игроки подписали этот исход: %2.</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../../durak_qt/main_window.py" line="143"/>
        <source>Durak on the LAN</source>
        <translation>Дурак по сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="144"/>
        <source>Pick the name the other players will see at the table:</source>
        <translation>Выберите имя, которое увидят другие игроки за столом:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="145"/>
        <source>Your name</source>
        <translation>Ваше имя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="146"/>
        <source>Continue</source>
        <translation>Продолжить</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <location filename="../../durak_qt/games/family3/window.py" line="284"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
</context>
<context>
    <name>WatchOverPanel</name>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="59"/>
        <source>%1 is the fool</source>
        <translation>%1 — дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="61"/>
        <source>The game did not finish</source>
        <translation>Игра не закончилась</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="63"/>
        <source>The game is over</source>
        <translation>Игра окончена</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="65"/>
        <source>The match is over. Thanks for watching!</source>
        <translation>Матч окончен. Спасибо, что смотрели!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="67"/>
        <source>You are watching: the next game follows here.</source>
        <translation>Вы зритель: следующая игра будет здесь же.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="70"/>
        <source>Log hash: %1</source>
        <translation>Хеш журнала: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="74"/>
        <source>Back to the lobby</source>
        <translation>В лобби</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/over_panel.py" line="75"/>
        <source>Keep watching</source>
        <translation>Смотреть дальше</translation>
    </message>
</context>
<context>
    <name>Watching</name>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="33"/>
        <source>you stopped watching</source>
        <translation>вы перестали смотреть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="34"/>
        <source>the match is over</source>
        <translation>матч окончен</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="35"/>
        <source>no table of that name answered on this network</source>
        <translation>в этой сети не ответил ни один стол с таким названием</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="36"/>
        <source>two tables have that name; pick one in the lobby or paste its invitation</source>
        <translation>это название у двух столов; выберите один в лобби или вставьте его приглашение</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="39"/>
        <source>the table stopped answering</source>
        <translation>стол перестал отвечать</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="40"/>
        <source>the password is wrong</source>
        <translation>неверный пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="41"/>
        <source>the table does not allow spectators</source>
        <translation>за этим столом зрители не разрешены</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="42"/>
        <source>the table already has as many spectators as its host allows</source>
        <translation>у стола уже столько зрителей, сколько разрешил хозяин</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="45"/>
        <source>this table runs a different version of the game</source>
        <translation>за этим столом другая версия игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="46"/>
        <source>someone at that table already has your name</source>
        <translation>за этим столом уже есть кто-то с вашим именем</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="47"/>
        <source>the host refused</source>
        <translation>хозяин стола отказал</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="48"/>
        <source>the table stopped sending to this spectator (it broke the protocol)</source>
        <translation>стол перестал присылать игру этому зрителю (нарушен протокол)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="51"/>
        <source>the players sent this spectator different games; the watch cannot go on</source>
        <translation>игроки прислали этому зрителю разные игры; смотреть дальше нельзя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="72"/>
        <source>Watching “%1” ended: %2</source>
        <translation>Просмотр стола «%1» окончен: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/seen.py" line="74"/>
        <source>You cannot watch “%1”: %2</source>
        <translation>Нельзя смотреть стол «%1»: %2</translation>
    </message>
</context>
<context>
    <name>WatchingPage</name>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="167"/>
        <source>Game %1 of the match</source>
        <translation>Игра %1 матча</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/watching/page.py" line="170"/>
        <source>You joined during the game: %n move(s) so far.</source>
        <translation>
            <numerusform>Вы пришли во время игры: пока сделан %n ход.</numerusform>
            <numerusform>Вы пришли во время игры: пока сделано %n хода.</numerusform>
            <numerusform>Вы пришли во время игры: пока сделано %n ходов.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="193"/>
        <source>The game is over: %1</source>
        <translation>Игра окончена: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="200"/>
        <source>%1 (watching)</source>
        <translation>%1 (зритель)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="271"/>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="289"/>
        <source>Watching</source>
        <translation>Вы зритель</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="291"/>
        <source>The match is over.</source>
        <translation>Матч окончен.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="293"/>
        <source>You see what every player sees, never a hidden card.</source>
        <translation>Вы видите то же, что все игроки, и ни одной скрытой карты.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="296"/>
        <source>“%1”: %2 · %3</source>
        <translation>«%1»: %2 · %3</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="304"/>
        <source>You are a spectator: you cannot move; leave at any time (Esc).</source>
        <translation>Вы зритель: ходить нельзя; уйти можно в любой момент (Esc).</translation>
    </message>
    <message>
        <location filename="../../durak_qt/watching/page.py" line="306"/>
        <source>Waiting for the table…</source>
        <translation>Ждём стол…</translation>
    </message>
</context>
</TS>
