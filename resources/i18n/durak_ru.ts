<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
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
        <location filename="../../durak_qt/dialogs.py" line="68"/>
        <source>Create a table</source>
        <translation>Новый стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="71"/>
        <source>%1&apos;s table</source>
        <translation>Стол %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="73"/>
        <source>Table name</source>
        <translation>Название стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="82"/>
        <source>Not playable at a table yet: %1</source>
        <translation>Пока нельзя играть за столом: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="87"/>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="95"/>
        <source>Seats</source>
        <translation>Мест</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="98"/>
        <source>Bots to fill seats</source>
        <translation>Ботов на свободные места</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="99"/>
        <source>Ask for a password</source>
        <translation>Вход по паролю</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs.py" line="107"/>
        <source>%n cards</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="108"/>
        <source>Deck</source>
        <translation>Колода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="110"/>
        <source>Anyone, any time</source>
        <translation>Любой, в любой момент</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="111"/>
        <source>The attacker first, then clockwise (Bito)</source>
        <translation>Сначала заходящий, затем по часовой стрелке («Бито»)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="112"/>
        <source>Throwing in</source>
        <translation>Подкидывание</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="113"/>
        <source>At most 5 cards in the first bout</source>
        <translation>В первом отбое не больше 5 карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="120"/>
        <source>Open the table</source>
        <translation>Открыть стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="150"/>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
</context>
<context>
    <name>GameLog</name>
    <message>
        <location filename="../../durak_qt/game_log.py" line="28"/>
        <source>{player} leads against {other}</source>
        <translation>{player} ходит под {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="32"/>
        <source>{player} attacks with {cards}</source>
        <translation>{player} ходит: {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="36"/>
        <source>{player} throws in {cards}</source>
        <translation>{player} подкидывает {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="40"/>
        <source>{player} beats {target} with {card}</source>
        <translation>{player} бьёт {target} картой {card}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="44"/>
        <source>{player} transfers with {cards} to {other}</source>
        <translation>{player} переводит картой {cards} на {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="48"/>
        <source>{player} transfers with {cards}</source>
        <translation>{player} переводит картой {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="52"/>
        <source>{player} shows the trump {cards} and transfers to {other}</source>
        <translation>{player} показывает козырь {cards} и переводит на {other}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="56"/>
        <source>{player} shows the trump {cards} and transfers</source>
        <translation>{player} показывает козырь {cards} и переводит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="60"/>
        <source>{player} takes</source>
        <translation>{player} берёт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="62"/>
        <source>{player} passes</source>
        <translation>{player} пасует</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="64"/>
        <source>{player} picks up {cards}</source>
        <translation>{player} забирает {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="68"/>
        <source>Bito</source>
        <translation>Бито</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="70"/>
        <source>{player} draws {count}</source>
        <translation>{player} добирает из колоды: {count}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="74"/>
        <source>{player} leaves the game (forfeit)</source>
        <translation>{player} покидает игру (поражение)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="78"/>
        <source>{player} is out of cards</source>
        <translation>{player} вышел из игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="81"/>
        <source>Game over: a draw</source>
        <translation>Игра окончена: ничья</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="82"/>
        <source>Game over: {player} is the fool</source>
        <translation>Игра окончена: {player} остаётся в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="97"/>
        <source>{player} leads the top card of the talon: {cards}</source>
        <translation>{player} ходит верхней картой колоды: {cards}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="100"/>
        <source>{player} leads the top card of the talon</source>
        <translation>{player} ходит верхней картой колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="105"/>
        <source>{player} covers {target} face down</source>
        <translation>{player} кроет {target} рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="108"/>
        <source>{player} covers a card face down</source>
        <translation>{player} кроет карту рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="112"/>
        <source>{player} accepts the face-down card</source>
        <translation>{player} верит закрытой карте</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="116"/>
        <source>{player} checks: {card} on {target}; {taker} takes the cards</source>
        <translation>{player} проверяет: {card} на {target}; карты берёт {taker}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="120"/>
        <source>{player} checks the face-down card; {taker} takes the cards</source>
        <translation>{player} проверяет закрытую карту; карты берёт {taker}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="124"/>
        <source>{player} exchanges {count} cards with the talon</source>
        <translation>{player} меняет {count} карты с колодой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="128"/>
        <source>The cards go back into the talon, which is shuffled again ({count} cards)</source>
        <translation>Карты возвращаются в колоду, и её снова тасуют (карт: {count})</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="134"/>
        <source>The trump card is turned face up: {card}</source>
        <translation>Козырная карта открыта: {card}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="137"/>
        <source>The trump card is turned face up</source>
        <translation>Козырная карта открыта</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="141"/>
        <source>The trump changes: now {suit}</source>
        <translation>Козырь меняется: теперь {suit}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="144"/>
        <source>The trump changes</source>
        <translation>Козырь меняется</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="146"/>
        <source>{player} unlocks cards: {count}</source>
        <translation>{player} открывает запертые карты: {count}</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="150"/>
        <source>Every player passes his hand to the left</source>
        <translation>Каждый игрок передаёт свои карты соседу слева</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="152"/>
        <source>{player} played {cards} wrongly and takes the cards</source>
        <translation>{player} сыграл {cards} неправильно и берёт карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="156"/>
        <source>{player} scores a shoulder strap ({cards})</source>
        <translation>{player} получает погон ({cards})</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="160"/>
        <source>{player} holds {count} cards and loses at once</source>
        <translation>У игрока {player} карт: {count}, он сразу проигрывает</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_log.py" line="164"/>
        <source>The same position came back again: the game is a draw</source>
        <translation>Позиция повторилась: ничья</translation>
    </message>
</context>
<context>
    <name>GameOverPanel</name>
    <message>
        <location filename="../../durak_qt/game_over.py" line="148"/>
        <source>A draw!</source>
        <translation>Ничья!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="149"/>
        <source>The last players emptied their hands together.</source>
        <translation>Последние игроки избавились от карт одновременно.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="151"/>
        <source>You are the fool!</source>
        <translation>Вы остались в дураках!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="152"/>
        <source>Better luck in the next game: you deal.</source>
        <translation>Повезёт в следующий раз: вам сдавать.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="154"/>
        <source>%1 is the fool</source>
        <translation>%1 в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="155"/>
        <source>The fool deals the next game.</source>
        <translation>Дурак сдаёт следующую игру.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="158"/>
        <source>Best score, the winner: %1</source>
        <translation>Лучший счёт, победитель: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="162"/>
        <source>Match scores</source>
        <translation>Счёт матча</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="169"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="169"/>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="169"/>
        <source>Times the fool</source>
        <translation>Был дураком</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="177"/>
        <source>Audit</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="184"/>
        <source>Log hash: %1</source>
        <translation>Хеш журнала: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="186"/>
        <source>Every peer ends with this hash of the signed log; compare it with theirs.</source>
        <translation>У каждого участника в конце этот хеш подписанного журнала; сравните его со своим.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="188"/>
        <source>Play again</source>
        <translation>Ещё раз</translation>
    </message>
    <message>
        <location filename="../../durak_qt/game_over.py" line="189"/>
        <source>Back to the lobby</source>
        <translation>В лобби</translation>
    </message>
</context>
<context>
    <name>LanGame</name>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="285"/>
        <source>Resuming your game at “%1”: replaying the journal…</source>
        <translation>Продолжаем вашу игру за столом «%1»: воспроизводим журнал…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="287"/>
        <source>Opening the table “%1”… waiting for players.</source>
        <translation>Открываем стол «%1»… ждём игроков.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="289"/>
        <source>Looking for the table “%1” on the network…</source>
        <translation>Ищем стол «%1» в сети…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="308"/>
        <source>Bot %1</source>
        <translation>Бот %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="349"/>
        <location filename="../../durak_qt/lan_game.py" line="377"/>
        <source>The table is closed.</source>
        <translation>Стол закрыт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="351"/>
        <source>Waiting for the others to be ready…</source>
        <translation>Ждём, пока остальные будут готовы…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="369"/>
        <source>this computer</source>
        <translation>этот компьютер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="371"/>
        <source>its own peer</source>
        <translation>собственный узел бота</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="395"/>
        <source>Shuffling… every peer checks every proof</source>
        <translation>Тасуем… каждый участник проверяет каждое доказательство</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="405"/>
        <source>Waiting for players: %1 of %2 seats taken.</source>
        <translation>Ждём игроков: занято мест — %1 из %2.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="414"/>
        <source>The table refused: %1</source>
        <translation>Стол отказал: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="417"/>
        <source>The table failed: %1</source>
        <translation>Сбой стола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lan_game.py" line="424"/>
        <source>The table closed: %1</source>
        <translation>Стол закрылся: %1</translation>
    </message>
</context>
<context>
    <name>Lobby</name>
    <message>
        <location filename="../../durak_qt/lobby.py" line="73"/>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="74"/>
        <source>Game</source>
        <translation>Игра</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="75"/>
        <source>Seats</source>
        <translation>Места</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="76"/>
        <source>Host (fingerprint)</source>
        <translation>Хозяин (отпечаток ключа)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="77"/>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="152"/>
        <source>Compare this fingerprint with the host&apos;s screen: %1</source>
        <translation>Сверьте отпечаток с экраном хозяина стола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="157"/>
        <source>A password is needed to join</source>
        <translation>Для входа нужен пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="159"/>
        <source>Open table</source>
        <translation>Открытый стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="162"/>
        <source>This table is full</source>
        <translation>Свободных мест нет</translation>
    </message>
</context>
<context>
    <name>LobbyWidget</name>
    <message>
        <location filename="../../durak_qt/lobby.py" line="332"/>
        <source>Durak on the LAN</source>
        <translation>Дурак по сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="334"/>
        <source>Hello, %1!</source>
        <translation>Привет, %1!</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="335"/>
        <source>Settings…</source>
        <translation>Настройки…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="336"/>
        <source>Play against bots</source>
        <translation>Играть с ботами</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="338"/>
        <source>One click: a game on this computer against two bots, no network needed.</source>
        <translation>В один клик: игра на этом компьютере против двух ботов, сеть не нужна.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="340"/>
        <source>Tables on your network</source>
        <translation>Столы в вашей сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="343"/>
        <source>No tables found yet. Looking for games on your network…

If a friend has opened a table and it does not show up here: a firewall may block mDNS (UDP port 5353) or the game&apos;s TCP port, or your computers may be on different subnets (for example, one on Wi-Fi guest access). You can also open a table yourself.</source>
        <translation>Столов пока нет. Ищем игры в вашей сети…

Если друг открыл стол, а здесь его не видно: возможно, брандмауэр блокирует mDNS (UDP-порт 5353) или TCP-порт игры, или ваши компьютеры в разных подсетях (например, один подключён к гостевому Wi-Fi). Можно открыть стол и самому.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="351"/>
        <source>Cannot look for tables on the network: %1</source>
        <translation>Не удаётся искать столы в сети: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="357"/>
        <source>Resume your game at “%1”</source>
        <translation>Продолжить игру за столом «%1»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="360"/>
        <source>The client stopped during this game; its journal lets you carry on.</source>
        <translation>Клиент остановился во время этой игры; по её журналу можно продолжить.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="362"/>
        <source>Create table…</source>
        <translation>Создать стол…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="363"/>
        <source>Join</source>
        <translation>Сесть за стол</translation>
    </message>
    <message>
        <location filename="../../durak_qt/lobby.py" line="364"/>
        <source>Join the selected table</source>
        <translation>Сесть за выбранный стол</translation>
    </message>
</context>
<context>
    <name>LocalGame</name>
    <message>
        <location filename="../../durak_qt/local_game.py" line="28"/>
        <source>North</source>
        <translation>Север</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="29"/>
        <source>East</source>
        <translation>Восток</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="30"/>
        <source>West</source>
        <translation>Запад</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="31"/>
        <source>North-West</source>
        <translation>Северо-Запад</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="32"/>
        <source>North-East</source>
        <translation>Северо-Восток</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="169"/>
        <source>Shuffling… every peer checks every proof</source>
        <translation>Тасуем… каждый участник проверяет каждое доказательство</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="150"/>
        <source>The game is not running.</source>
        <translation>Игра не идёт.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="139"/>
        <location filename="../../durak_qt/table_controller.py" line="154"/>
        <source>That move is not allowed now: %1</source>
        <translation>Такой ход сейчас нельзя: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="174"/>
        <source>this computer</source>
        <translation>этот компьютер</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="183"/>
        <source>The bots are peers with their own keys, but they run on this computer, so it could see their cards.</source>
        <translation>Боты — участники со своими ключами, но работают на этом компьютере, поэтому он мог видеть их карты.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/local_game.py" line="248"/>
        <source>The local table failed: %1</source>
        <translation>Сбой локального стола: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="218"/>
        <source>The peers check the proofs…</source>
        <translation>Участники проверяют доказательства…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="240"/>
        <source>%1 is not answering.</source>
        <translation>%1 не отвечает.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../durak_qt/main_window.py" line="164"/>
        <location filename="../../durak_qt/main_window.py" line="465"/>
        <source>Durak</source>
        <translation>Дурак</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="276"/>
        <location filename="../../durak_qt/main_window.py" line="404"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="307"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="335"/>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="336"/>
        <source>The table “%1” asks for a password:</source>
        <translation>Стол «%1» просит пароль:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="366"/>
        <source>network play is switched off (the client was started with --no-lan).</source>
        <translation>игра по сети выключена (клиент запущен с --no-lan).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="176"/>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="180"/>
        <source>Your name</source>
        <translation>Ваше имя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="184"/>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="186"/>
        <source>Small</source>
        <translation>Маленькие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="186"/>
        <source>Medium</source>
        <translation>Средние</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="186"/>
        <source>Large</source>
        <translation>Большие</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="190"/>
        <source>Card size</source>
        <translation>Размер карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="193"/>
        <source>Off</source>
        <translation>Выключены</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="194"/>
        <source>Fast</source>
        <translation>Быстрые</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="195"/>
        <source>Normal</source>
        <translation>Обычные</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="196"/>
        <source>Slow</source>
        <translation>Медленные</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="201"/>
        <source>Animations</source>
        <translation>Анимация</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="204"/>
        <source>No move timer</source>
        <translation>Без таймера хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="205"/>
        <source>15 seconds a move</source>
        <translation>15 секунд на ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="206"/>
        <source>30 seconds a move</source>
        <translation>30 секунд на ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="207"/>
        <source>60 seconds a move</source>
        <translation>60 секунд на ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="212"/>
        <source>When your time runs out you take, or pass (Bito)</source>
        <translation>Когда время выйдет, вы берёте карты или говорите «Бито»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="213"/>
        <source>Move timer</source>
        <translation>Таймер хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="215"/>
        <source>By suit, trumps last</source>
        <translation>По мастям, козыри в конце</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="215"/>
        <source>By rank, trumps last</source>
        <translation>По старшинству, козыри в конце</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="219"/>
        <source>Sort your hand</source>
        <translation>Сортировка карт в руке</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="221"/>
        <source>Blue</source>
        <translation>Синяя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="221"/>
        <source>Red</source>
        <translation>Красная</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="225"/>
        <source>Card back</source>
        <translation>Рубашка карт</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="229"/>
        <source>Where to look for tables and listen for players: “all”, or a network interface name or address (for example eth0 or 192.168.1.20). Used from the next table on.</source>
        <translation>Где искать столы и принимать игроков: «all» (все), либо имя сетевого интерфейса или адрес (например, eth0 или 192.168.1.20). Действует со следующего стола.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="233"/>
        <source>Network</source>
        <translation>Сеть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/dialogs.py" line="263"/>
        <source>Network: %1</source>
        <translation>Сеть: %1</translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="107"/>
        <source>Game log</source>
        <translation>Ход игры</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="108"/>
        <source>Chat</source>
        <translation>Чат</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="109"/>
        <source>Say something to the table…</source>
        <translation>Напишите что-нибудь столу…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="110"/>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="111"/>
        <source>Settings…</source>
        <translation>Настройки…</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="112"/>
        <source>Leave table</source>
        <translation>Выйти из-за стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/side_panel.py" line="113"/>
        <source>Leave this game and go back to the lobby</source>
        <translation>Бросить игру и вернуться в лобби</translation>
    </message>
</context>
<context>
    <name>TableController</name>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="246"/>
        <source>%1 is back.</source>
        <translation>%1 снова на связи.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_controller.py" line="274"/>
        <source>Shuffling the talon again… every peer checks every proof</source>
        <translation>Колоду тасуют заново… все проверяют доказательства</translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="220"/>
        <source>Seat %1</source>
        <translation>Место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="675"/>
        <source>Talon: %1</source>
        <translation>Колода: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="677"/>
        <source>Talon empty</source>
        <translation>Колода кончилась</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="681"/>
        <source>Discard: %1</source>
        <translation>Бито: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="696"/>
        <source>Trump</source>
        <translation>Козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="708"/>
        <source>Trump suit: %1</source>
        <translation>Козырная масть: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="710"/>
        <source>No trump in this game</source>
        <translation>В этой игре козыря нет</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="722"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n карта</numerusform>
            <numerusform>%n карты</numerusform>
            <numerusform>%n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="735"/>
        <source>bot</source>
        <translation>бот</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="737"/>
        <source> (you)</source>
        <translation> (вы)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="739"/>
        <source>▲ your move</source>
        <translation>▲ ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="739"/>
        <source>▲ to move</source>
        <translation>▲ ходит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="781"/>
        <source>Click here to play %1</source>
        <translation>Нажмите сюда, чтобы сыграть %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="783"/>
        <source>Choose a card to attack with</source>
        <translation>Выберите карту для хода</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="838"/>
        <source>FOOL</source>
        <translation>ДУРАК</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="840"/>
        <source>OUT</source>
        <translation>ВЫШЕЛ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="843"/>
        <source>TAKES</source>
        <translation>БЕРЁТ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="844"/>
        <source>DEFENDS</source>
        <translation>ОТБИВАЕТСЯ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="847"/>
        <source>ATTACKS · BITO</source>
        <translation>ХОДИЛ · БИТО</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="850"/>
        <source>BITO</source>
        <translation>БИТО</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="848"/>
        <source>ATTACKS</source>
        <translation>ХОДИТ</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="306"/>
        <source>The trump card lies face down; the trump suit is %1</source>
        <translation>Козырная карта лежит рубашкой вверх; козырь — %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="367"/>
        <source>Beaten face down</source>
        <translation>Побита картой рубашкой вверх</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="369"/>
        <source>Beaten face down with %1 (only its owner sees it)</source>
        <translation>Побита картой %1 рубашкой вверх (видит только её хозяин)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="494"/>
        <location filename="../../durak_qt/table_scene.py" line="771"/>
        <source>%n locked card(s): face down, unknown even to their owner</source>
        <translation>
            <numerusform>%n запертая карта: рубашкой вверх, её не знает даже хозяин</numerusform>
            <numerusform>%n запертые карты: рубашкой вверх, их не знает даже хозяин</numerusform>
            <numerusform>%n запертых карт: рубашкой вверх, их не знает даже хозяин</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="686"/>
        <source>Out of play: %1</source>
        <translation>Вне игры: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="690"/>
        <source>Cards taken out of the game, face down: nobody will play them</source>
        <translation>Карты, убранные из игры рубашкой вверх: ими никто не сыграет</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="696"/>
        <source>Your trump</source>
        <translation>Ваш козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="700"/>
        <source>Every player has his own trump suit; yours is %1</source>
        <translation>У каждого игрока свой козырь; ваш — %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="704"/>
        <source>Trump suit: %1 (the trump card lies face down)</source>
        <translation>Козырь: %1 (козырная карта лежит рубашкой вверх)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="725"/>
        <location filename="../../durak_qt/table_scene.py" line="765"/>
        <source>%n locked</source>
        <translation>
            <numerusform>%n заперта</numerusform>
            <numerusform>%n заперты</numerusform>
            <numerusform>%n заперто</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="728"/>
        <source>trump %1</source>
        <translation>козырь %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="798"/>
        <source>Mouse: click a lit card, then the card to beat or the middle of the table; or drag it there.
Keys: ←/→ choose a card, Space add another, ↑/↓ choose the card to beat, Enter play, T take, P pass, R transfer, Esc cancel.
Some variants: F face down, A accept, C check, X exchange, L lead the talon.</source>
        <translation>Мышь: нажмите на подсвеченную карту, затем на карту, которую бьёте, или на середину стола; или перетащите её туда.
Клавиши: ←/→ выбрать карту, пробел добавить ещё одну, ↑/↓ выбрать, какую карту бить, Enter сыграть, T взять, P пас, R перевести, Esc отмена.
В некоторых вариантах: F рубашкой вверх, A верю, C проверяю, X обмен, L ход из колоды.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="833"/>
        <source>%n strap(s)</source>
        <translation>
            <numerusform>%n погон</numerusform>
            <numerusform>%n погона</numerusform>
            <numerusform>%n погонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="834"/>
        <source>%n beaten</source>
        <translation>
            <numerusform>%n побита</numerusform>
            <numerusform>%n побиты</numerusform>
            <numerusform>%n побито</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="854"/>
        <source>%1: %n card(s)</source>
        <translation>
            <numerusform>%1: %n карта</numerusform>
            <numerusform>%1: %n карты</numerusform>
            <numerusform>%1: %n карт</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="859"/>
        <source>Known to you: %1</source>
        <translation>Вы знаете: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="863"/>
        <source>A bot run by %1, which can see this bot&apos;s cards.</source>
        <translation>Бот, которого запускает %1: ему видны карты этого бота.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="870"/>
        <source>Click to lead the top card of the talon (L)</source>
        <translation>Нажмите, чтобы пойти верхней картой колоды (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="876"/>
        <source>Your card: only the others see it. Click to choose it, then where to play it</source>
        <translation>Ваша карта: её видят только другие. Нажмите, чтобы выбрать её, затем — куда сыграть</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="878"/>
        <source>Your card: you do not see its face</source>
        <translation>Ваша карта: вы не видите её лицо</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="883"/>
        <source>%1: click to choose, then click where to play it (or drag it)</source>
        <translation>%1: нажмите, чтобы выбрать, затем нажмите, куда сыграть (или перетащите)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="887"/>
        <source>%1: click to beat it with the chosen card</source>
        <translation>%1: нажмите, чтобы побить выбранной картой</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="897"/>
        <source>Game over: a draw</source>
        <translation>Игра окончена: ничья</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="898"/>
        <source>Game over: %1 is the fool</source>
        <translation>Игра окончена: %1 в дураках</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="904"/>
        <source>Your move: accept the face-down card or check it</source>
        <translation>Ваш ход: поверьте закрытой карте или проверьте её</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="906"/>
        <source>Your move: beat, take, or exchange two cards</source>
        <translation>Ваш ход: отбейтесь, возьмите или обменяйте две карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="908"/>
        <source>Your move: beat face down or take</source>
        <translation>Ваш ход: покройте рубашкой вверх или возьмите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="911"/>
        <source>Your move: beat, transfer or take</source>
        <translation>Ваш ход: бейте, переводите или берите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="912"/>
        <source>Your move: beat the cards or take them</source>
        <translation>Ваш ход: отбейтесь или возьмите карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="914"/>
        <source>Your move: attack, or lead the talon&apos;s top card</source>
        <translation>Ваш ход: ходите с руки или верхней картой колоды</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="916"/>
        <source>Your move: attack</source>
        <translation>Ваш ход: ходите</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="918"/>
        <source>Your move: throw in more cards or pass</source>
        <translation>Ваш ход: подкиньте ещё или пасуйте</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="920"/>
        <source>Your move: take the cards</source>
        <translation>Ваш ход: берите карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="923"/>
        <source>Your move: let them finish (Pass)</source>
        <translation>Ваш ход: пусть доподкидывают (Пас)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="924"/>
        <source>Nothing to throw in: press Pass (Bito)</source>
        <translation>Подкинуть нечего: нажмите «Пас / Бито»</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="925"/>
        <source>Your move</source>
        <translation>Ваш ход</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="930"/>
        <source>One moment: the peers check the cards</source>
        <translation>Минуту: участники проверяют карты</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="932"/>
        <source>Waiting for %1 to accept or check the face-down card</source>
        <translation>Ждём, поверит ли %1 закрытой карте или проверит её</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_scene.py" line="936"/>
        <source>Waiting for %1</source>
        <translation>Ждём: %1</translation>
    </message>
    <message>
        <source>left the table</source>
        <translation>ушёл(а) из-за стола</translation>
    </message>
    <message>
        <source>not responding</source>
        <translation>не отвечает</translation>
    </message>
    <message>
        <source>Time to come back is up</source>
        <translation>Время на возвращение вышло</translation>
    </message>
    <message>
        <source>%1 to come back</source>
        <translation>%1 на возвращение</translation>
    </message>
    <message>
        <source>The game waits for this player until the countdown ends; then the table ends as the rules for a departed player say.</source>
        <translation>Игра ждёт этого игрока, пока не кончится отсчёт; потом стол завершается так, как правила велят для ушедшего игрока.</translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table_view.py" line="169"/>
        <source>%n s left to move</source>
        <translation>
            <numerusform>На ход %n секунда</numerusform>
            <numerusform>На ход %n секунды</numerusform>
            <numerusform>На ход %n секунд</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="176"/>
        <source>Take (T)</source>
        <translation>Взять (T)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="176"/>
        <source>Pick up all the cards on the table</source>
        <translation>Забрать все карты со стола</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="177"/>
        <source>Pass / Bito (P)</source>
        <translation>Пас / Бито (P)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="177"/>
        <source>Done: throw in no more cards</source>
        <translation>Всё: больше не подкидываю</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="179"/>
        <source>Transfer (R)</source>
        <translation>Перевести (R)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="180"/>
        <source>Pass the attack on with a card of the same rank (choose it first)</source>
        <translation>Перевести ход картой того же достоинства (сначала выберите её)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="183"/>
        <source>Show trump</source>
        <translation>Показать козырь</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="184"/>
        <source>Transfer by showing the trump of that rank (choose it first)</source>
        <translation>Перевести, показав козырь того же достоинства (сначала выберите его)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="187"/>
        <source>Accept (A)</source>
        <translation>Верю (A)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="188"/>
        <source>Believe the face-down card: it counts as beaten, nobody sees it</source>
        <translation>Поверить закрытой карте: карта считается побитой, её никто не видит</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="191"/>
        <source>Check (C)</source>
        <translation>Проверяю (C)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="193"/>
        <source>Turn the face-down card over: if it does not beat, the defender takes; if it does, you take</source>
        <translation>Перевернуть закрытую карту: если она не бьёт, берёт отбивающийся; если бьёт, берёте вы</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="198"/>
        <source>Lead from talon (L)</source>
        <translation>Ход из колоды (L)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="199"/>
        <source>Lead the top card of the talon instead of a card of your hand</source>
        <translation>Пойти верхней картой колоды вместо карты с руки</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="202"/>
        <source>Face down (F)</source>
        <translation>Рубашкой вверх (F)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="204"/>
        <source>Beat with the card face down (any card; the attacker may check it). Or right-click the card to beat.</source>
        <translation>Покрыть картой рубашкой вверх (любой картой; ходящий может проверить). Или щёлкните правой кнопкой по карте, которую бьёте.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="209"/>
        <source>Exchange (X)</source>
        <translation>Обмен (X)</translation>
    </message>
    <message>
        <location filename="../../durak_qt/table_view.py" line="210"/>
        <source>Swap the two chosen cards with two from the talon (once per bout)</source>
        <translation>Обменять две выбранные карты на две из колоды (раз за кон)</translation>
    </message>
    <message>
        <source>Passed for you: nothing to do until the others finish</source>
        <translation>Пас за вас: делать нечего, пока остальные не закончат</translation>
    </message>
    <message>
        <source>Nothing to throw in: passed for you</source>
        <translation>Подкинуть нечего: пас сделан за вас</translation>
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
        <location filename="../../durak_qt/variants.py" line="19"/>
        <source>Attack with one card or two of a rank; nobody throws in.</source>
        <translation>Ходят одной картой или двумя одного достоинства; не подкидывают.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="22"/>
        <source>Everyone throws in cards of the ranks on the table; at most 6 per bout.</source>
        <translation>Все подкидывают карты достоинств, что лежат на столе; не больше 6 за кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="25"/>
        <source>Before beating, the defender may pass the attack on with a card of that rank.</source>
        <translation>Пока не начал бить, отбивающийся может перевести ход картой того же достоинства.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="28"/>
        <source>Transfer also by showing the trump of that rank, once per bout.</source>
        <translation>Переводить можно и показом козыря того же достоинства, раз за кон.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="31"/>
        <source>The defender may transfer even after beating has started.</source>
        <translation>Переводить можно и после того, как начал отбиваться.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="34"/>
        <source>Having beaten everything, the defender may throw in on himself and beat that too.</source>
        <translation>Отбившись, защитник может подкинуть сам себе и отбить и это.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="38"/>
        <source>2x2 or 3x3, partners sit opposite and never attack each other.</source>
        <translation>2 на 2 или 3 на 3, партнёры сидят напротив и не ходят друг под друга.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/variants.py" line="41"/>
        <source>Throw-in for 2 to 4 players, scored: 2 points a win, 1 a draw.</source>
        <translation>Подкидной на 2–4 игроков со счётом: 2 очка за победу, 1 за ничью.</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <location filename="../../durak_qt/verdict.py" line="22"/>
        <source>seat %1</source>
        <translation>место %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="25"/>
        <source>%1 cheated and was caught: %2</source>
        <translation>%1 жульничал и пойман: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="30"/>
        <source>The game was abandoned: %1</source>
        <translation>Игра брошена: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="35"/>
        <source>You left this game (forfeit); the others finish its audit.</source>
        <translation>Вы покинули эту игру (поражение); проверку завершат остальные.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="43"/>
        <source>The audit reached no verdict.</source>
        <translation>Проверка не пришла к решению.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="49"/>
        <source>%1 cheated: %2</source>
        <translation>%1 жульничал: %2</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="56"/>
        <location filename="../../durak_qt/verdict.py" line="71"/>
        <source>Left the game (forfeit): %1.</source>
        <translation>Покинули игру (поражение): %1.</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="61"/>
        <source>Problem: %1</source>
        <translation>Проблема: %1</translation>
    </message>
    <message>
        <location filename="../../durak_qt/verdict.py" line="64"/>
        <source>Verified by every peer: the shuffle proofs, all %1 signed moves and a replay of the game from the opened deck agree.</source>
        <translation>Проверено каждым участником: доказательства тасовки, все %1 подписанных ходов и повтор игры по открытой колоде сходятся.</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../../durak_qt/main_window.py" line="96"/>
        <source>Durak on the LAN</source>
        <translation>Дурак по сети</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="97"/>
        <source>Pick the name the other players will see at the table:</source>
        <translation>Выберите имя, которое увидят другие игроки за столом:</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="98"/>
        <source>Your name</source>
        <translation>Ваше имя</translation>
    </message>
    <message>
        <location filename="../../durak_qt/main_window.py" line="99"/>
        <source>Continue</source>
        <translation>Продолжить</translation>
    </message>
</context>
</TS>
