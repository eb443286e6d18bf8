<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CreateTableDialog</name>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs/options.py" line="169"/>
        <source>%n cards</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CrossCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Deck: %n card</numerusform>
            <numerusform>Deck: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="27"/>
        <source>Gone to waste: %n card(s)</source>
        <translation>
            <numerusform>Gone to waste: %n card</numerusform>
            <numerusform>Gone to waste: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="31"/>
        <source>%1 drew the last card and takes the line: %n card(s)</source>
        <translation>
            <numerusform>%1 drew the last card and takes the line: %n card</numerusform>
            <numerusform>%1 drew the last card and takes the line: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/cross/words.py" line="35"/>
        <source>The chain of %n card(s) goes to waste</source>
        <translation>
            <numerusform>The chain of %n card goes to waste</numerusform>
            <numerusform>The chain of %n cards goes to waste</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CzechCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="24"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Deck: %n card</numerusform>
            <numerusform>Deck: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="28"/>
        <source>Pile: %n card(s)</source>
        <translation>
            <numerusform>Pile: %n card</numerusform>
            <numerusform>Pile: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="32"/>
        <source>%1 drew %n card(s)</source>
        <translation>
            <numerusform>%1 drew %n card</numerusform>
            <numerusform>%1 drew %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="36"/>
        <source>%1 must draw %n card(s)</source>
        <translation>
            <numerusform>%1 must draw %n card</numerusform>
            <numerusform>%1 must draw %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/czech/words.py" line="40"/>
        <source>%1 is the fool with %n point(s)</source>
        <translation>
            <numerusform>%1 is the fool with %n point</numerusform>
            <numerusform>%1 is the fool with %n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Family3Counts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/family3_scene.py" line="60"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/family3_scene.py" line="65"/>
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PagonsCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="27"/>
        <source>Talon: %n card(s)</source>
        <translation>
            <numerusform>Talon: %n card</numerusform>
            <numerusform>Talon: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="31"/>
        <source>Beaten off: %n card(s)</source>
        <translation>
            <numerusform>Beaten off: %n card</numerusform>
            <numerusform>Beaten off: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="35"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 takes %n card</numerusform>
            <numerusform>%1 takes %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="39"/>
        <source>%1 draws %n card(s)</source>
        <translation>
            <numerusform>%1 draws %n card</numerusform>
            <numerusform>%1 draws %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="43"/>
        <source>%1 beat off the bout: %n card(s) leave the game</source>
        <translation>
            <numerusform>%1 beat off the bout: %n card leaves the game</numerusform>
            <numerusform>%1 beat off the bout: %n cards leave the game</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/pagons/words.py" line="47"/>
        <source>%1 hands %n pagon(s) to %2</source>
        <translation>
            <numerusform>%1 hands %n pagon to %2</numerusform>
            <numerusform>%1 hands %n pagons to %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RoadCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="23"/>
        <source>Pile: %n card(s)</source>
        <translation>
            <numerusform>Pile: %n card</numerusform>
            <numerusform>Pile: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="27"/>
        <source>Out of the game: %n card(s)</source>
        <translation>
            <numerusform>Out of the game: %n card</numerusform>
            <numerusform>Out of the game: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="31"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 takes %n card</numerusform>
            <numerusform>%1 takes %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/road/words.py" line="35"/>
        <source>%1 agrees: the pile of %n card(s) leaves the game</source>
        <translation>
            <numerusform>%1 agrees: the pile of %n card leaves the game</numerusform>
            <numerusform>%1 agrees: the pile of %n cards leaves the game</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RoundCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Deck: %n card</numerusform>
            <numerusform>Deck: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="27"/>
        <source>Beaten off: %n card(s)</source>
        <translation>
            <numerusform>Beaten off: %n card</numerusform>
            <numerusform>Beaten off: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="31"/>
        <source>%n card(s) chosen</source>
        <translation>
            <numerusform>%n card chosen</numerusform>
            <numerusform>%n cards chosen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="35"/>
        <source>%1 takes %n card(s)</source>
        <translation>
            <numerusform>%1 takes %n card</numerusform>
            <numerusform>%1 takes %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="39"/>
        <source>%n beaten card(s) leave the game</source>
        <translation>
            <numerusform>%n beaten card leaves the game</numerusform>
            <numerusform>%n beaten cards leave the game</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/round/words.py" line="44"/>
        <source>%1 draws the last card and takes it with %n card(s) from the table</source>
        <translation>
            <numerusform>%1 draws the last card and takes it with %n card from the table</numerusform>
            <numerusform>%1 draws the last card and takes it with %n cards from the table</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RummyCounts</name>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="23"/>
        <source>Deck: %n card(s)</source>
        <translation>
            <numerusform>Deck: %n card</numerusform>
            <numerusform>Deck: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="27"/>
        <source>Discards: %n card(s)</source>
        <translation>
            <numerusform>Discards: %n card</numerusform>
            <numerusform>Discards: %n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="31"/>
        <source>laid %n point(s) of %1</source>
        <translation>
            <numerusform>laid %n point of %1</numerusform>
            <numerusform>laid %n points of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="36"/>
        <source>These cards bring your first laying to %n point(s); it must reach %1 this turn</source>
        <translation>
            <numerusform>These cards bring your first laying to %n point; it must reach %1 this turn</numerusform>
            <numerusform>These cards bring your first laying to %n points; it must reach %1 this turn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="43"/>
        <source>%1 goes out discarding %n joker(s)</source>
        <translation>
            <numerusform>%1 goes out discarding %n joker</numerusform>
            <numerusform>%1 goes out discarding %n jokers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/games/rummy/words.py" line="47"/>
        <source>%1 has the most points: %n</source>
        <translation>
            <numerusform>%1 has the most points: %n</numerusform>
            <numerusform>%1 has the most points: %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StalledWords</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="113"/>
        <source>%1 did not move for %n minute(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>%1 did not move for %n minute; the game ended unfinished and nobody loses.</numerusform>
            <numerusform>%1 did not move for %n minutes; the game ended unfinished and nobody loses.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="121"/>
        <source>%1 did not move for %n second(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>%1 did not move for %n second; the game ended unfinished and nobody loses.</numerusform>
            <numerusform>%1 did not move for %n seconds; the game ended unfinished and nobody loses.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="129"/>
        <source>You did not move for %n minute(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>You did not move for %n minute; the game ended unfinished and nobody loses.</numerusform>
            <numerusform>You did not move for %n minutes; the game ended unfinished and nobody loses.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/verdict.py" line="137"/>
        <source>You did not move for %n second(s); the game ended unfinished and nobody loses.</source>
        <translation>
            <numerusform>You did not move for %n second; the game ended unfinished and nobody loses.</numerusform>
            <numerusform>You did not move for %n seconds; the game ended unfinished and nobody loses.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="759"/>
        <source>%n locked card(s): face down, unknown even to their owner</source>
        <translation>
            <numerusform>%n locked card: face down, unknown even to its owner</numerusform>
            <numerusform>%n locked cards: face down, unknown even to their owner</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="664"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="667"/>
        <location filename="../../durak_qt/table/scene.py" line="754"/>
        <source>%n locked</source>
        <translation>
            <numerusform>%n locked</numerusform>
            <numerusform>%n locked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="817"/>
        <source>%n strap(s)</source>
        <translation>
            <numerusform>%n strap</numerusform>
            <numerusform>%n straps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="818"/>
        <source>%n beaten</source>
        <translation>
            <numerusform>%n beaten</numerusform>
            <numerusform>%n beaten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table/scene.py" line="839"/>
        <source>%1: %n card(s)</source>
        <translation>
            <numerusform>%1: %n card</numerusform>
            <numerusform>%1: %n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table/view.py" line="255"/>
        <location filename="../../durak_qt/table/view.py" line="343"/>
        <source>%n s left to move</source>
        <translation>
            <numerusform>%n second left to move</numerusform>
            <numerusform>%n seconds left to move</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrumpChoiceDialog</name>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs/trump_choice.py" line="92"/>
        <source>%n second(s) left; then a suit is chosen for you.</source>
        <translation>
            <numerusform>%n second left; then a suit is chosen for you.</numerusform>
            <numerusform>%n seconds left; then a suit is chosen for you.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WatchingPage</name>
    <message numerus="yes">
        <location filename="../../durak_qt/watching/page.py" line="170"/>
        <source>You joined during the game: %n move(s) so far.</source>
        <translation>
            <numerusform>You joined during the game: %n move so far.</numerusform>
            <numerusform>You joined during the game: %n moves so far.</numerusform>
        </translation>
    </message>
</context>
</TS>
